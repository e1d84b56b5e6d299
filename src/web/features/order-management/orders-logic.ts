import type { Order } from '@shared/types';

export type OrdersTab = 'active' | 'history';

/** Spec §2.10: completed orders are history, everything else is active. */
export const isHistory = (order: Pick<Order, 'status'>) => order.status === 'completed';

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

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The status badge colours of spec §4 (pending yellow, completed green, others in between). */
export function statusTone(status: string): string {
  switch (status) {
    case 'pending':
      return 'border-amber-400/40 bg-amber-400/15 text-amber-500';
    case 'accepted':
      return 'border-sky-400/40 bg-sky-400/15 text-sky-500';
    case 'on the way':
      return 'border-violet-400/40 bg-violet-400/15 text-violet-400';
    case 'completed':
      return 'border-emerald-400/40 bg-emerald-400/15 text-emerald-500';
    default:
      return 'border-line bg-surface-2 text-muted';
  }
}
