import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export const inputClasses =
  'h-11 w-full rounded-xl border border-line bg-surface-2/60 px-3 text-base text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-danger sm:text-sm';

export const textareaClasses =
  'min-h-20 w-full rounded-xl border border-line bg-surface-2/60 px-3 py-2 text-base text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none sm:text-sm';

export const selectClasses =
  'h-11 w-full cursor-pointer rounded-xl border border-line bg-surface-2/60 px-3 text-base text-fg focus:border-primary focus:outline-none disabled:opacity-60 sm:text-sm';

export function Field({
  label,
  htmlFor,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-muted">{hint}</p>}
      {error && <p className="text-xs font-medium text-danger">{error}</p>}
    </div>
  );
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
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
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

/** An on/off switch (role="switch"), labelled by its text. */
export function Switch({
  checked,
  onChange,
  label,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  id?: string;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="flex min-h-11 items-center gap-3 rounded-xl text-left text-sm font-medium"
    >
      <span
        aria-hidden="true"
        className={clsx(
          'relative h-6 w-11 shrink-0 rounded-full transition-colors',
          checked ? 'bg-primary' : 'bg-line',
        )}
      >
        <span
          className={clsx(
            'absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked && 'translate-x-5',
          )}
        />
      </span>
      {label}
    </button>
  );
}

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
