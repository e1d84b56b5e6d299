import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export const inputClasses =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-danger';

export const textareaClasses =
  'min-h-20 w-full rounded-xl border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none';

export function Field({
  label,
  htmlFor,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  error?: string;
  hint?: ReactNode;
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
      {error && (
        <p
          id={htmlFor ? `${htmlFor}-error` : undefined}
          className="text-xs font-medium text-danger"
        >
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label
      className={clsx(
        'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3 text-sm transition-colors',
        checked ? 'border-primary bg-primary/10' : 'border-line bg-surface hover:bg-surface-2',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="checkbox"
        className="h-4 w-4 accent-[var(--primary)]"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
