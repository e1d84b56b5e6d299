import type { OrderStatus } from '@shared/constants';
import { hasReceipt } from '@shared/receipt';
import { clsx } from 'clsx';
import { ReceiptText } from 'lucide-react';

/**
 * GET /api/orders/{id}/receipt: a page the server renders. The status link's token opens it
 * on a device without the shop's cookie.
 */
export function receiptHref(orderId: number, token?: string): string {
  const path = `/api/orders/${orderId}/receipt`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** "View receipt" for a delivered or picked-up order; nothing before that. */
export function ReceiptLink({
  order,
  token,
  className,
}: {
  order: { id: number; status: OrderStatus };
  token?: string;
  className?: string;
}) {
  if (!hasReceipt(order.status)) return null;
  return (
    <a
      href={receiptHref(order.id, token)}
      target="_blank"
      rel="noreferrer"
      className={clsx(
        'inline-flex items-center gap-1.5 font-semibold text-primary underline',
        className,
      )}
    >
      <ReceiptText aria-hidden="true" className="h-4 w-4" />
      View receipt<span className="sr-only"> of order #{order.id} (opens in a new tab)</span>
    </a>
  );
}
