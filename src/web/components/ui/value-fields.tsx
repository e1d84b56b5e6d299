import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { Field, inputClasses, selectClasses } from './form-controls';

// Fields over a value the screen holds itself in its state (a filter, a period), not
// react-hook-form fields: they take the value and hand back the new one.

/** A labelled select; `className` sizes the select, `children` are its options. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Field label={label} htmlFor={id}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={clsx(selectClasses, className)}
      >
        {children}
      </select>
    </Field>
  );
}

/** A labelled day picker: the day as YYYY-MM-DD, empty when none is chosen. */
export function DayField({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClasses}
      />
    </Field>
  );
}
