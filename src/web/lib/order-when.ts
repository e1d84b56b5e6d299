import { parseDateOnly } from '@shared/availability';
import type { Order } from '@shared/schemas/orders';
import { format } from 'date-fns';

/** A shop day as every screen writes it: "Sat, Nov 28". */
export function shopDayLabel(date: string): string {
  const day = parseDateOnly(date);
  return Number.isNaN(day.getTime()) ? date : format(day, 'EEE, MMM d');
}

/** When an order reaches its customer: "Sat, Nov 28 · 11:00 AM - 1:00 PM", same-day or pickup. */
export function orderWhen(
  order: Pick<Order, 'orderType' | 'deliveryDate' | 'deliveryTimeWindow'>,
): string {
  if (order.orderType === 'pickup') return 'Pickup at the shop';
  if (!order.deliveryDate) return 'Same-day delivery';
  const day = shopDayLabel(order.deliveryDate);
  return order.deliveryTimeWindow ? `${day} · ${order.deliveryTimeWindow}` : day;
}
