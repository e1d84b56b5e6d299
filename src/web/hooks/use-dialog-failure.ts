import { errorText } from '@web/lib/error-messages';
import { applyServerErrors } from '@web/lib/form-errors';
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Where a dialog form's failed send is told: a value the server refused under its field, any
 * other failure in the dialog's failure line. `attempt` runs the send and sorts what it throws.
 */
export function useDialogFailure<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fieldFor: (path: string) => FieldPath<Values> | undefined,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = async (send: () => Promise<void>): Promise<void> => {
    try {
      await send();
    } catch (error) {
      if (applyServerErrors(error, setError, fieldFor) > 0) return;
      setFailure(errorText(error));
    }
  };
  return { failure, setFailure, attempt };
}
