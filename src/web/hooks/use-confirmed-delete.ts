import { type ToastInput, toast } from '@web/components/ui/toast';
import { useState } from 'react';
import { useLastPresent } from './use-last-present';

/** A delete mutation, as react-query's useMutation gives it. */
interface DeleteMutation<Id> {
  mutate: (id: Id, outcome: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * Deleting one item after the user's yes in a ConfirmDialog: `ask` opens the dialog for an
 * item, `dialog` is spread into it, and confirming sends the delete, closes the dialog
 * whichever way it goes and says in a toast what happened. `shown` is the item the dialog
 * names, kept while it closes.
 */
export function useConfirmedDelete<Item extends { id: Id }, Id>(
  mutation: DeleteMutation<Id>,
  says: { deleted: (item: Item) => ToastInput; failed: (error: Error) => ToastInput },
) {
  const [deleting, setDeleting] = useState<Item | null>(null);
  const shown = useLastPresent(deleting);
  const settle = (outcome: ToastInput) => {
    setDeleting(null);
    toast(outcome);
  };
  const confirm = () => {
    if (!deleting) return;
    const item = deleting;
    mutation.mutate(item.id, {
      onSuccess: () => settle(says.deleted(item)),
      onError: (error) => settle(says.failed(error)),
    });
  };
  return {
    ask: (item: Item) => setDeleting(item),
    shown,
    dialog: {
      open: deleting !== null,
      pending: mutation.isPending,
      onConfirm: confirm,
      onCancel: () => setDeleting(null),
    },
  };
}
