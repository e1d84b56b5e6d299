import { formatDollars, formatPercent } from '@shared/money';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** One line of a receipt's sums (inside a <dl>): what it is at the left, the amount at the right. */
export function ReceiptRow({
  label,
  amount,
  className,
}: {
  label: ReactNode;
  amount: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('flex justify-between', className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
}

/** Each tax the order was charged, with its rate, and then the order's total. */
export function TaxesAndTotal({
  order,
  taxClassName,
  totalClassName,
}: {
  order: { taxes: readonly { name: string; rate: number; amount: number }[]; total: number };
  taxClassName: string;
  totalClassName: string;
}) {
  return (
    <>
      {order.taxes.map((tax) => (
        <ReceiptRow
          key={tax.name}
          label={`${tax.name} (${formatPercent(tax.rate)})`}
          amount={formatDollars(tax.amount)}
          className={taxClassName}
        />
      ))}
      <ReceiptRow label="Total" amount={formatDollars(order.total)} className={totalClassName} />
    </>
  );
}
