import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId } from 'react';

/** "Are you sure?" for destructive actions. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <Modal open={open} onClose={onCancel} labelledBy={`${id}-title`}>
      <div
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="flex w-[min(26rem,calc(100vw-2rem))] flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-2xl"
      >
        <div className="flex items-start gap-3">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-danger/15 text-danger">
            <TriangleAlert aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-lg font-bold">
              {title}
            </h2>
            <p id={`${id}-text`} className="mt-1 text-sm text-muted">
              {message}
            </p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
