import { type DealerSettings, useDealerSettings } from '@web/api/get-dealer-settings';
import { Panel } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import type { ReactNode } from 'react';

/** A dashboard section over the dealer settings: its form once they have loaded. */
export function DealerSettingsPanel({
  id,
  title,
  description,
  icon,
  children,
}: {
  id: string;
  title: string;
  description: string;
  icon: ReactNode;
  children: (settings: DealerSettings) => ReactNode;
}) {
  const settings = useDealerSettings();
  return (
    <Panel id={id} title={title} description={description} icon={icon}>
      {settings.data ? children(settings.data) : <Skeleton className="h-40 w-full" />}
    </Panel>
  );
}
