import { isFinished } from '@shared/order-lifecycle';
import type { Order } from '@shared/schemas/orders';

export type OrdersTab = 'active' | 'history';

/**
 * Spec §2.10: completed orders are history, everything else is active; returned and
 * cancelled orders are finished too.
 */
export const isHistory = (order: Pick<Order, 'status'>) => isFinished(order.status);

export function newestFirst<O extends Pick<Order, 'id' | 'date'>>(orders: readonly O[]): O[] {
  return [...orders].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id);
}

/** Search by id, customer, phone and address (case-insensitive; "#12" finds order 12). */
export function matchesOrderSearch(
  order: Pick<Order, 'id' | 'customer' | 'phone' | 'address'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase().replace(/^#/, '');
  if (!q) return true;
  return [String(order.id), order.customer, order.phone, order.address].some((field) =>
    field.toLowerCase().includes(q),
  );
}

export function splitOrders<O extends Order>(orders: readonly O[], query: string) {
  const sorted = newestFirst(orders);
  const active = sorted.filter((o) => !isHistory(o));
  const history = sorted.filter(isHistory);
  return {
    active,
    history,
    visible: {
      active: active.filter((o) => matchesOrderSearch(o, query)),
      history: history.filter((o) => matchesOrderSearch(o, query)),
    },
  };
}

/**
 * Spec §2.10: when the order count grows, the newest orders are flagged NEW!.
 * Returns the ids that appeared since `previous` (none on the first load).
 */
export function newOrderIds(
  previous: readonly number[] | null,
  current: readonly Pick<Order, 'id'>[],
): number[] {
  if (previous === null || current.length <= previous.length) return [];
  const known = new Set(previous);
  return current.filter((o) => !known.has(o.id)).map((o) => o.id);
}

export const mapsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export { telHref } from '@web/lib/phone';

/** The status badge colours of spec §4 (pending yellow, completed green, others in between). */
export function statusTone(status: string): string {
  switch (status) {
    case 'pending':
      return 'border-warn/40 bg-warn/10 text-warn';
    case 'accepted':
      return 'border-info/40 bg-info/10 text-info';
    case 'on the way':
      return 'border-en-route/40 bg-en-route/10 text-en-route';
    case 'completed':
      return 'border-ok/40 bg-ok/10 text-ok';
    default:
      return 'border-line bg-surface-2 text-muted';
  }
}
