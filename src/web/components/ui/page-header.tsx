import type { ReactNode } from 'react';

/** A back-office page's title and one line about it, with its actions on the right. */
export function PageHeader({
  title,
  description,
  icon,
  actions,
}: {
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          {icon}
          {title}
        </h1>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {actions}
    </header>
  );
}
