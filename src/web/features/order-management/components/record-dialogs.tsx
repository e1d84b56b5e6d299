import { orderReturnSchema } from '@shared/returns';
import { type Order, orderVoidSchema } from '@shared/schemas/orders';
import { Field, fieldAria, inputClasses, textareaClasses } from '@web/components/ui/form-controls';
import { FormDialog } from '@web/components/ui/form-dialog';
import { useFormDialog } from '@web/hooks/use-form-dialog';
import { errorText } from '@web/lib/error-messages';
import { labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const reasonField = (path: string) => (path === 'reason' ? 'reason' : undefined);
const reasonResolver = schemaResolver(orderVoidSchema, {
  fieldFor: reasonField,
  sentence: labelledSentence({ reason: 'Reason' }),
});

/** A written reason, asked before a change that an inspector will read (a void, an override). */
function ReasonDialog({
  open,
  title,
  description,
  label,
  submitLabel,
  danger,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const id = useId();
  const form = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: reasonResolver,
  });
  const dialog = useFormDialog(form, reasonField, onClose, ({ reason }) => onSubmit(reason));
  const error = form.formState.errors.reason?.message;
  return (
    <FormDialog
      {...dialog}
      open={open}
      size="sm"
      title={title}
      description={description}
      cancelLabel="Keep as it is"
      submitLabel={submitLabel}
      submitVariant={danger ? 'danger' : 'primary'}
    >
      <Field label={label} htmlFor={`${id}-reason`} error={error}>
        <textarea
          id={`${id}-reason`}
          rows={3}
          className={textareaClasses}
          {...fieldAria(`${id}-reason`, error)}
          {...form.register('reason')}
        />
      </Field>
    </FormDialog>
  );
}

/** Voiding before handover: the order stays on record with why it was cancelled. */
export function VoidDialog({
  order,
  onClose,
  onVoid,
}: {
  order: Order | null;
  onClose: () => void;
  onVoid: (reason: string) => Promise<unknown>;
}) {
  return (
    <ReasonDialog
      open={order !== null}
      title={`Cancel order #${order?.id ?? ''}?`}
      description="The order stays on record as voided, with your reason, and its products go back on the shelf."
      label="Why is it cancelled?"
      submitLabel="Cancel order"
      danger
      onClose={onClose}
      onSubmit={onVoid}
    />
  );
}

/** An owner lets a failed ID check be made once more, saying why. */
export function OverrideDialog({
  order,
  onClose,
  onAllow,
}: {
  order: Order | null;
  onClose: () => void;
  onAllow: (reason: string) => Promise<unknown>;
}) {
  return (
    <ReasonDialog
      open={order !== null}
      title={`Allow another ID check for order #${order?.id ?? ''}?`}
      description="The failed check stays on record. Your reason is logged and printed on the receipt."
      label="Why may the ID be checked again?"
      submitLabel="Allow one more check"
      onClose={onClose}
      onSubmit={onAllow}
    />
  );
}

const returnFormSchema = z.object({
  reason: orderReturnSchema.shape.reason,
  counts: z.record(z.string(), z.coerce.number().int().min(0, 'must be 0 or more')),
});
type ReturnForm = z.input<typeof returnFormSchema>;

/** How many of each line earlier returns already took back. */
function returnedOf(order: Order): Map<number, number> {
  const counts = new Map<number, number>();
  for (const entry of order.returns)
    for (const item of entry.items)
      counts.set(item.lineId, (counts.get(item.lineId) ?? 0) + item.count);
  return counts;
}

/**
 * A return after handover: which lines come back and why. The sale stays as it
 * was; the goods are set apart for destruction, never put back on sale.
 */
export function ReturnDialog({
  order,
  onClose,
  onReturn,
}: {
  order: Order | null;
  onClose: () => void;
  onReturn: (input: {
    reason: string;
    items: { lineId: number; count: number }[];
  }) => Promise<unknown>;
}) {
  const id = useId();
  const form = useForm<ReturnForm>({ defaultValues: { reason: '', counts: {} } });
  const [failure, setFailure] = useState<string | null>(null);
  const returned = order ? returnedOf(order) : new Map<number, number>();
  const lines = (order?.items ?? []).filter((item) => item.lineId !== undefined);
  const close = () => {
    form.reset({ reason: '', counts: {} });
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const items = lines.flatMap((line) => {
      const count = Number(values.counts[String(line.lineId)] ?? 0);
      return count > 0 ? [{ lineId: line.lineId!, count }] : [];
    });
    const parsed = orderReturnSchema.safeParse({ reason: values.reason, items });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'reason')
          form.setError('reason', { message: `Reason ${issue.message}` });
        else setFailure('Choose how many of at least one item come back.');
      }
      return;
    }
    try {
      await onReturn(parsed.data);
      close();
    } catch (failed) {
      setFailure(errorText(failed));
    }
  });
  const reasonError = form.formState.errors.reason?.message;
  return (
    <FormDialog
      open={order !== null}
      onClose={close}
      title={`Record a return for order #${order?.id ?? ''}`}
      description="The sale stays on record and its grams still count for that day. What comes back is kept apart until it is destroyed; it never goes back on sale."
      submitLabel="Record return"
      pending={form.formState.isSubmitting}
      failure={failure}
      className="flex flex-col gap-4"
      onSubmit={submit}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">What comes back</legend>
        {lines.map((line) => {
          const left = line.count - (returned.get(line.lineId!) ?? 0);
          const fieldId = `${id}-line-${line.lineId}`;
          return (
            <div
              key={line.lineId}
              className="flex items-center justify-between gap-3 rounded-xl border border-line px-3 py-2"
            >
              <label htmlFor={fieldId} className="min-w-0 text-sm">
                <span className="block font-medium">{line.name}</span>
                <span className="block text-xs text-muted">
                  {line.quantity} · {left} of {line.count} can come back
                </span>
              </label>
              <input
                id={fieldId}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                disabled={left === 0}
                defaultValue={0}
                className={`${inputClasses} w-20 text-right`}
                {...form.register(`counts.${String(line.lineId)}`)}
              />
            </div>
          );
        })}
      </fieldset>
      <Field label="Why does it come back?" htmlFor={`${id}-reason`} error={reasonError}>
        <textarea
          id={`${id}-reason`}
          rows={2}
          className={textareaClasses}
          {...fieldAria(`${id}-reason`, reasonError)}
          {...form.register('reason')}
        />
      </Field>
    </FormDialog>
  );
}
