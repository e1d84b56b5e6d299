import { type ReactNode, useId } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type FormState,
  get,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * What a TextField takes from its form, from the field's name alone: an id unique on the page,
 * the field's label and error, and its registration. A prop given after the spread overrides.
 */
export function useTextFields<Values extends FieldValues>(
  form: { register: UseFormRegister<Values>; formState: FormState<NoInfer<Values>> },
  labels: Partial<Record<FieldPath<NoInfer<Values>>, ReactNode>>,
) {
  const id = useId();
  const { errors } = form.formState;
  return (name: FieldPath<Values>, options?: RegisterOptions<Values, FieldPath<Values>>) => ({
    id: `${id}-${name}`,
    label: labels[name],
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    registration: form.register(name, options),
  });
}
