import type { Kysely } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { RETURN_REASON_LABELS, statusLabel } from '../../../shared/order-lifecycle';
import type { Order } from '../../../shared/schemas/orders';
import type { Database } from '../../db/schema';
import type { BusEventMap } from '../../events/bus';
import { findOrder } from '../orders/service';
import { getStoreProfile } from '../store-profile/service';
import type { StatusMessage, StatusNotifier } from './sender';

export type StatusChange = BusEventMap['order-status-changed'];

/** Placed is left out: the shopper has just seen it on the checkout's confirmation. */
const NEWS_TO_SHOPPERS: ReadonlySet<OrderStatus> = new Set<OrderStatus>(
  ORDER_STATUSES.filter((status) => status !== 'pending'),
);

export const isNewsToShopper = (status: OrderStatus) => NEWS_TO_SHOPPERS.has(status);

export interface ShopFacts {
  shopName: string;
  /** the shop's public origin (PUBLIC_URL); without it the message has no status link */
  publicUrl?: string;
}

/**
 * What the shopper reads when their order moves to `status`: the shop, the order number, the
 * status in the status page's words and the status link. Never the address or the items: a
 * phone's lock screen shows the text to whoever is nearby.
 */
export function statusMessage(order: Order, status: OrderStatus, shop: ShopFacts): StatusMessage {
  const label = statusLabel(status, order.orderType);
  const from = shop.shopName.trim();
  const sentences = [
    `${from ? `${from}: y` : 'Y'}our order #${order.id} is now ${label.toLowerCase()}.`,
  ];
  if (status === 'on the way' && order.driver)
    sentences.push(`${order.driver.firstName} is bringing it. Have your ID ready.`);
  if (status === 'returned' && order.returnReason)
    sentences.push(`Reason: ${RETURN_REASON_LABELS[order.returnReason]}.`);
  if (shop.publicUrl) sentences.push(`Status: ${shop.publicUrl}/o/${order.statusToken}`);
  return {
    subject: `${from ? `${from} o` : 'O'}rder #${order.id}: ${label}`,
    text: sentences.join(' '),
  };
}

export interface FailedNotice {
  channel: StatusNotifier['channel'];
  error: unknown;
}

/**
 * Tells the order's shopper about one change of status on every channel that reaches them,
 * once each; answers the channels that failed. Reads the order after the change committed.
 */
export async function notifyStatusChange(
  db: Kysely<Database>,
  notifiers: readonly StatusNotifier[],
  change: StatusChange,
  publicUrl?: string,
): Promise<FailedNotice[]> {
  if (notifiers.length === 0 || !isNewsToShopper(change.to)) return [];
  const [order, profile] = await Promise.all([findOrder(db, change.id), getStoreProfile(db)]);
  const message = statusMessage(order, change.to, { shopName: profile.shopName, publicUrl });
  const sends = notifiers.flatMap((notifier) => {
    const address = notifier.addressOf(order);
    return address ? [{ channel: notifier.channel, sent: notifier.send(address, message) }] : [];
  });
  const results = await Promise.allSettled(sends.map((s) => s.sent));
  return results.flatMap((result, i) =>
    result.status === 'rejected' ? [{ channel: sends[i]!.channel, error: result.reason }] : [],
  );
}
