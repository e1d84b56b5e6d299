import { BULK_PRICE } from '@shared/constants';
import { formatDollars, formatPercent } from '@shared/money';
import { hasReceipt } from '@shared/receipt';
import type { Order } from '@shared/schemas/orders';
import { Button } from '@web/components/ui/button';
import { ColumnHeads } from '@web/components/ui/column-heads';
import { ReceiptLink } from '@web/features/order-status/components/receipt-link';
import { shopDayLabel } from '@web/lib/order-when';
import { ShieldQuestion, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';

const TYPE_LABELS: Record<Order['orderType'], string> = {
  delivery: 'Same-day delivery',
  scheduled: 'Scheduled delivery',
  pickup: 'Pickup',
};

function itemPrice(price: number, count: number) {
  if (price === BULK_PRICE) return 'Contact for Pricing';
  if (price === 0) return 'FREE';
  return formatDollars(price * count);
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium break-words">{children}</dd>
    </div>
  );
}

function IdCheckText({ order }: { order: Order }) {
  const check = order.idCheck;
  if (!check) return <>Not checked yet</>;
  const how = check.method === 'scan' ? 'read from the barcode' : 'typed by hand';
  return (
    <>
      <span className={check.passed ? 'text-ok' : 'text-danger'}>
        {check.passed ? 'PASS' : 'FAIL'}
      </span>{' '}
      · {how}
      {check.override && (
        <span className="block text-xs text-muted">
          after {check.override.byName}'s override: {check.override.reason}
        </span>
      )}
      {!check.passed && check.reasons.length > 0 && (
        <span className="block text-xs text-muted">{check.reasons.join('; ')}</span>
      )}
    </>
  );
}

/** Voids and returns kept beside the sale. */
function RecordLines({ order }: { order: Order }) {
  if (!order.voidReason && order.returns.length === 0 && !order.handoverNote) return null;
  return (
    <ul className="flex flex-col gap-1 border-t border-line px-3 py-2 text-sm">
      {order.voidReason && (
        <li>
          <span className="font-semibold">Voided:</span> {order.voidReason}
        </li>
      )}
      {order.returns.map((entry) => (
        <li key={entry.id}>
          <span className="font-semibold">Returned:</span>{' '}
          {entry.items.map((item) => `${item.count} × ${item.name} (${item.quantity})`).join(', ')}{' '}
          — {entry.reason} ({formatDollars(entry.value)})
        </li>
      ))}
      {order.handoverNote && <li className="text-muted">{order.handoverNote}</li>}
    </ul>
  );
}

/** The expanded part of an order: its items and its delivery details (spec §2.10). */
export function OrderDetails({
  order,
  onRecordReturn,
  onAllowRecheck,
}: {
  order: Order;
  /** where sales are records: a return after handover is recorded beside the sale */
  onRecordReturn?: () => void;
  /** the owner's leave to check a failed ID once more */
  onAllowRecheck?: () => void;
}) {
  return (
    <div className="grid items-start gap-4 md:grid-cols-[3fr_2fr]">
      <div className="min-w-0 overflow-x-auto rounded-xl border border-line bg-bg/40">
        <h3 className="border-b border-line px-3 py-2 text-sm font-semibold">Items</h3>
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted">
            <ColumnHeads
              names={['Item', 'Quantity', 'Count', 'Price']}
              right={['Count', 'Price']}
              className="px-3 py-2 font-medium"
            />
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr
                key={`${item.id}-${item.quantity}-${item.flavor ?? ''}-${item.strainType ?? ''}-${index}`}
                className="border-t border-line"
              >
                <td className="px-3 py-2">
                  <span className="font-medium">{item.name}</span>
                  {(item.flavor || item.strainType) && (
                    <span className="block text-xs text-muted">
                      {[item.flavor, item.strainType].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{item.quantity}</td>
                <td className="px-3 py-2 text-right tabular-nums">{item.count}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {itemPrice(item.price, item.count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rounded-xl border border-line bg-bg/40">
        <h3 className="border-b border-line px-3 py-2 text-sm font-semibold">Delivery details</h3>
        <dl className="divide-y divide-line px-3 py-1">
          <Detail label="Type">{TYPE_LABELS[order.orderType] ?? order.orderType}</Detail>
          <Detail label="Date">
            {order.deliveryDate ? shopDayLabel(order.deliveryDate) : 'Not scheduled'}
          </Detail>
          <Detail label="Time window">{order.deliveryTimeWindow ?? 'Not set'}</Detail>
          <Detail label="Notes">{order.deliveryNotes || 'None'}</Detail>
          <Detail label="Delivery fee">{formatDollars(order.deliveryFee)}</Detail>
          <Detail label="Promo code">
            {order.promoCode ? order.promoCode.toUpperCase() : 'None'}
          </Detail>
          <Detail label="Discount">
            {order.discountAmount > 0
              ? `-${formatDollars(order.discountAmount)}`
              : formatDollars(0)}
          </Detail>
          {order.taxes.map((tax) => (
            <Detail key={tax.name} label={`${tax.name} (${formatPercent(tax.rate)})`}>
              {formatDollars(tax.amount)}
            </Detail>
          ))}
          {order.email && <Detail label="Email">{order.email}</Detail>}
          <Detail label="ID check">
            <IdCheckText order={order} />
          </Detail>
        </dl>
        <RecordLines order={order} />
        {(onRecordReturn || onAllowRecheck) && (
          <div className="flex flex-wrap gap-2 border-t border-line px-3 py-2">
            {onRecordReturn && (
              <Button variant="outline" size="sm" onClick={onRecordReturn}>
                <Undo2 aria-hidden="true" className="h-4 w-4" />
                Record a return
              </Button>
            )}
            {onAllowRecheck && (
              <Button variant="outline" size="sm" onClick={onAllowRecheck}>
                <ShieldQuestion aria-hidden="true" className="h-4 w-4" />
                Allow another ID check
              </Button>
            )}
          </div>
        )}
        {hasReceipt(order.status) && (
          <p className="border-t border-line px-3 py-2 text-sm">
            <ReceiptLink order={order} />
          </p>
        )}
      </div>
    </div>
  );
}
