import type {
  FieldPath,
  FieldValues,
  FormState,
  UseFormHandleSubmit,
  UseFormReset,
  UseFormSetError,
} from 'react-hook-form';
import { useDialogFailure } from './use-dialog-failure';

/**
 * A FormDialog's wiring to its form: submitting sends the values and closes the dialog once
 * they are taken; a refused value shows under its field and any other failure in the dialog;
 * closing clears the form and the failure. Spread the answer into FormDialog.
 */
export function useFormDialog<Values extends FieldValues, Output>(
  form: {
    handleSubmit: UseFormHandleSubmit<Values, Output>;
    reset: UseFormReset<NoInfer<Values>>;
    setError: UseFormSetError<NoInfer<Values>>;
    formState: FormState<NoInfer<Values>>;
  },
  fieldFor: (path: string) => FieldPath<Values> | undefined,
  onClose: () => void,
  send: (values: Output) => Promise<unknown>,
) {
  const { failure, setFailure, attempt } = useDialogFailure(form.setError, fieldFor);
  const close = () => {
    setFailure(null);
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    return attempt(async () => {
      await send(values);
      close();
    });
  });
  return { onClose: close, onSubmit, failure, pending: form.formState.isSubmitting };
}
