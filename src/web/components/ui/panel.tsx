import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * What a panel's title row says: its title, the line under it and its icon. A panel
 * states it once, as a constant of its module, and spreads it into `<Panel>`.
 */
export interface PanelHeading {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
}

/** A card section of the dashboard with a title row. */
export function Panel({
  id,
  title,
  description,
  icon,
  actions,
  className,
  children,
}: PanelHeading & {
  id?: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={clsx(
        'scroll-mt-24 rounded-2xl border border-line bg-surface shadow-sm',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          {icon && (
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-primary/12 text-primary">
              {icon}
            </span>
          )}
          <div className="min-w-0">
            <h2 id={id ? `${id}-title` : undefined} className="text-lg font-bold sm:text-xl">
              {title}
            </h2>
            {description && <p className="text-sm text-muted">{description}</p>}
          </div>
        </div>
        {actions}
      </div>
      <div className="p-4 sm:p-6">{children}</div>
    </section>
  );
}
