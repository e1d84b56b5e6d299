import { fieldSentence } from '@web/lib/form-errors';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/* text-base below sm: phones zoom into inputs whose text is smaller than 16px */
export const inputClasses =
  'h-11 w-full rounded-xl border border-line bg-surface-2/60 px-3 text-base text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-danger sm:text-sm';

export const textareaClasses =
  'min-h-20 w-full rounded-xl border border-line bg-surface-2/60 px-3 py-2 text-base text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none aria-[invalid=true]:border-danger sm:text-sm';

export const selectClasses =
  'h-11 w-full cursor-pointer rounded-xl border border-line bg-surface-2/60 px-3 text-base text-fg focus:border-primary focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-danger sm:text-sm';

/** What the browser should know of a shopper's contact fields: the keyboard to show, what to autofill. */
export const contactInputHints = {
  name: { autoComplete: 'name' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
} as const;

/** The input's side of a Field: invalid while it has an error, described by the error or the hint. */
export function fieldAria(id: string, error: string | null | undefined, hint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

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
  error?: string | null;
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
      {hint && !error && (
        <p id={htmlFor ? `${htmlFor}-hint` : undefined} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={htmlFor ? `${htmlFor}-error` : undefined}
          className="text-xs font-medium text-danger"
        >
          {fieldSentence(error)}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled text input bound to a react-hook-form field, its error or hint below it;
 * `className` places the whole field (in a grid, say).
 */
export function TextField({
  id,
  label,
  error,
  hint,
  registration,
  className,
  type = 'text',
  autoComplete = 'off',
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | keyof UseFormRegisterReturn>) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={className}>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        className={inputClasses}
        {...fieldAria(id, error, Boolean(hint))}
        {...input}
        {...registration}
      />
    </Field>
  );
}

export function Checkbox({
  checked,
  onChange,
  label,
  disabled,
  hint,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  /** a sentence under the box that describes it */
  hint?: ReactNode;
}) {
  const hintId = useId();
  const box = (
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
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
  if (!hint) return box;
  return (
    <div className="flex flex-col gap-1.5">
      {box}
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

/** A search box with its magnifier, named by `label` (there is no visible label). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={clsx('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(inputClasses, 'pl-9')}
      />
    </div>
  );
}
