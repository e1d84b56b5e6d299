import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function CountBadge({ children, active }: { children: ReactNode; active?: boolean }) {
  return (
    <span
      className={clsx(
        'inline-grid h-6 min-w-6 place-items-center rounded-full px-1.5 text-xs font-bold tabular-nums',
        active ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-muted',
      )}
    >
      {children}
    </span>
  );
}
