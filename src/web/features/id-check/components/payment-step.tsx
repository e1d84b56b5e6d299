import { formatCents, formatDollars, toCents } from '@shared/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Payment,
  type PaymentMethod,
  paymentProblem,
} from '@shared/payment';
import { Field, fieldAria, inputClasses } from '@web/components/ui/form-controls';
import { clsx } from 'clsx';
import { useId } from 'react';

export interface PaymentDraft {
  method: PaymentMethod;
  /** what the checker typed, in dollars */
  amount: string;
}

export const paymentDraftFor = (total: number): PaymentDraft => ({
  method: 'cash',
  amount: total.toFixed(2),
});

/** The draft as a payment the server takes, or why it is not one yet. */
export function readPayment(
  total: number,
  draft: PaymentDraft,
): { payment: Payment; problem: null } | { payment: null; problem: string } {
  const amount = draft.amount.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(amount))
    return { payment: null, problem: 'Enter the amount collected, e.g. 60 or 54.28.' };
  const payment = { method: draft.method, collected: Number(amount) };
  const problem = paymentProblem(total, payment);
  return problem ? { payment: null, problem } : { payment, problem: null };
}

/**
 * Payment collected: cash or a debit card and the amount, before the
 * signature; cash shows the change to give back.
 */
export function PaymentStep({
  total,
  draft,
  onChange,
  showProblem,
}: {
  total: number;
  draft: PaymentDraft;
  onChange: (draft: PaymentDraft) => void;
  showProblem: boolean;
}) {
  const id = useId();
  const read = readPayment(total, draft);
  const error = showProblem ? read.problem : null;
  const change = read.payment ? toCents(read.payment.collected) - toCents(total) : 0;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-semibold">
        Payment collected · total {formatDollars(total)}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {PAYMENT_METHODS.map((method) => (
          <label
            key={method}
            className={clsx(
              'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 text-sm font-semibold',
              draft.method === method
                ? 'border-primary bg-primary/10 text-fg'
                : 'border-line text-muted',
            )}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={draft.method === method}
              onChange={() =>
                onChange({
                  method,
                  amount: method === 'debit' ? total.toFixed(2) : draft.amount,
                })
              }
              className="h-4 w-4 accent-[var(--primary)]"
            />
            {PAYMENT_METHOD_LABELS[method]}
          </label>
        ))}
      </div>
      <Field
        label="Amount collected ($)"
        htmlFor={`${id}-amount`}
        error={error}
        hint={change > 0 ? `Give back ${formatCents(change)} in change.` : undefined}
      >
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(event) => onChange({ ...draft, amount: event.target.value })}
          className={inputClasses}
          {...fieldAria(`${id}-amount`, error, change > 0)}
        />
      </Field>
    </fieldset>
  );
}
