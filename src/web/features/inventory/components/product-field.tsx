import { Field, inputClasses } from '@web/components/ui/form-controls';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { ProductFormValues } from '../product-form';

/** The product form as its fields see it: the values, their errors, their ids and the setter. */
export interface ProductFormBinding {
  values: ProductFormValues;
  errors: Partial<Record<keyof ProductFormValues, string>>;
  fieldId: (name: string) => string;
  set: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
}

/** The fields the form holds as one string each. */
type TextKey = {
  [K in keyof ProductFormValues]: ProductFormValues[K] extends string ? K : never;
}[keyof ProductFormValues];

/** One labelled input of the product form, described by data. */
export interface TextFieldSpec<K extends TextKey = TextKey> {
  key: K;
  label: string;
  hint?: string;
  placeholder?: string;
  /** a number typed as text: the decimal keyboard, figures in columns */
  decimal?: boolean;
  type?: 'date' | 'number';
  /** dollars and cents, after a $ sign */
  money?: boolean;
  /** for type number */
  min?: number;
  step?: number;
  /** choices make it a select; the first is shown for '' */
  options?: readonly { value: ProductFormValues[K]; label: string }[];
}

/** A field of the product form from its description: an input, or a select with choices. */
export function ProductField({
  spec,
  form,
  onChange = (text) => form.set(spec.key, text as never),
}: {
  spec: TextFieldSpec;
  form: ProductFormBinding;
  /** instead of setting the field alone */
  onChange?: (text: string) => void;
}) {
  const { key } = spec;
  const id = form.fieldId(key);
  const error = form.errors[key];
  const control = {
    id,
    value: form.values[key] as string,
    'aria-invalid': error ? true : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <Field label={spec.label} htmlFor={id} error={error} hint={spec.hint}>
      {spec.money ? (
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted">
            $
          </span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            className={clsx(inputClasses, 'pl-7 tabular-nums')}
            placeholder={spec.placeholder}
            {...control}
          />
        </div>
      ) : spec.options ? (
        <select className={inputClasses} {...control}>
          {spec.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          type={spec.type}
          inputMode={spec.decimal ? 'decimal' : undefined}
          min={spec.min}
          step={spec.step}
          placeholder={spec.placeholder}
          className={clsx(inputClasses, spec.decimal && 'tabular-nums')}
          {...control}
        />
      )}
    </Field>
  );
}

/** Several fields from their descriptions, laid out by `className` (a grid, say). */
export function ProductFieldGroup({
  specs,
  form,
  className,
}: {
  specs: readonly TextFieldSpec[];
  form: ProductFormBinding;
  className?: string;
}): ReactNode {
  return (
    <div className={className}>
      {specs.map((spec) => (
        <ProductField key={spec.key} spec={spec} form={form} />
      ))}
    </div>
  );
}
