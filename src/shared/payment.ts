/**
 * The payment collected at handover: cash or debit, and how much. The
 * driver or counter enters it before the customer signs; the receipt prints it with the change.
 */
import { z } from 'zod';
import { formatCents, toCents } from './money';

export const PAYMENT_METHODS = ['cash', 'debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  debit: 'Debit card',
};

export const paymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { message: `must be one of ${PAYMENT_METHODS.join(', ')}` }),
  /** dollars collected, e.g. 60 for three twenties */
  collected: z
    .number({ message: 'must be an amount in dollars' })
    .nonnegative('must be an amount in dollars')
    .max(100_000, 'must be at most $100,000')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'must be in whole cents',
    }),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Why a payment does not settle the total, or null: a card pays it exactly, cash at least. */
export function paymentProblem(total: number, payment: Payment): string | null {
  const due = toCents(total);
  const collected = toCents(payment.collected);
  if (payment.method === 'debit' && collected !== due)
    return `A debit payment is the total: ${formatCents(due)}.`;
  if (collected < due)
    return `${formatCents(collected)} is short of the total, ${formatCents(due)}, by ${formatCents(due - collected)}.`;
  return null;
}

/** "Cash, $60.00 collected, $5.72 change" or "Debit card, $54.28". */
export function paymentText(total: number, payment: Payment): string {
  const collected = toCents(payment.collected);
  const change = collected - toCents(total);
  if (payment.method === 'debit')
    return `${PAYMENT_METHOD_LABELS.debit}, ${formatCents(collected)}`;
  return change > 0
    ? `Cash, ${formatCents(collected)} collected, ${formatCents(change)} change`
    : `Cash, ${formatCents(collected)}`;
}
