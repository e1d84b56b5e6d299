import { type DealerSettings, useDealerSettings } from '@web/api/get-dealer-settings';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import type { ComponentType } from 'react';

/** A dashboard section over the dealer settings: its form once they have loaded. */
export function DealerSettingsPanel({
  id,
  Form,
  ...heading
}: PanelHeading & {
  id: string;
  Form: ComponentType<{ settings: DealerSettings }>;
}) {
  const settings = useDealerSettings();
  return (
    <Panel id={id} {...heading}>
      {settings.data ? <Form settings={settings.data} /> : <Skeleton className="h-40 w-full" />}
    </Panel>
  );
}
