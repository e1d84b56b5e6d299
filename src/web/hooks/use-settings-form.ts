import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors } from '@web/lib/form-errors';
import { type FieldPath, type FieldValues, type Resolver, useForm } from 'react-hook-form';

/**
 * A back-office settings form: it starts from what is saved, as its inputs hold it, and starts
 * again from what the server kept after each save (which also updates the cached settings), so
 * putting a value back leaves nothing to save. A refused value is told at its field; any other
 * failure in a toast naming `what` is saved ("the order limits").
 */
/** How one settings form reads, checks and saves what it edits. */
export type SettingsFormOptions<Values extends FieldValues, Output, Saved> = {
  saved: Saved;
  toForm: (saved: Saved) => Values;
  resolver: Resolver<Values, unknown, Output>;
  fieldFor: (path: string) => FieldPath<Values> | undefined;
  save: (values: Output) => Promise<Saved>;
  queryKey: QueryKey;
  what: string;
};

export function useSettingsForm<Values extends FieldValues, Output, Saved>({
  saved,
  toForm,
  resolver,
  fieldFor,
  save,
  queryKey,
  what,
}: SettingsFormOptions<Values, Output, Saved>) {
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, Output>({
    defaultValues: toForm(saved) as never,
    resolver,
    reValidateMode: 'onChange',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const kept = await save(values);
      queryClient.setQueryData(queryKey, kept);
      form.reset(toForm(kept));
      toast({
        title: `${what.charAt(0).toUpperCase()}${what.slice(1)} saved.`,
        variant: 'success',
      });
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      toast({
        title: 'Error',
        description: `Failed to save the ${what}. Please try again.`,
        variant: 'destructive',
      });
    }
  });
  const { isSubmitting, isDirty } = form.formState;
  /** What `SettingsForm` needs from this form: its submit, and whether Save may be pressed. */
  const formProps = { onSubmit: submit, saving: isSubmitting, changed: isDirty };
  return { form, submit, formProps };
}
