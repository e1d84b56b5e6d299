import type { Kysely } from 'kysely';
import type { OrderStatusView } from '../../../shared/schemas/orders';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { randomToken } from '../../random-token';
import * as repo from './repo';
import { findOrder } from './service';

/** 128 random bits: a link nobody can guess or count through. */
export function newStatusToken(): string {
  return randomToken(16);
}

/** The shape of a status token: 22 base64url characters. */
const STATUS_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * What the holder of an order's status link sees: the order's progress, window,
 * items and totals, and the customer's first name, but no phone, email or address, since the
 * link works on any device it is forwarded to.
 */
export async function findOrderStatus(
  db: Kysely<Database>,
  token: string,
): Promise<OrderStatusView> {
  // a malformed link is as unknown as a wrong one
  const row = STATUS_TOKEN.test(token) ? await repo.findOrderIdByStatusToken(db, token) : null;
  if (!row) throw notFound('Order');
  const order = await findOrder(db, row.id);
  return {
    id: order.id,
    status: order.status,
    orderType: order.orderType,
    firstName: order.customer.trim().split(/\s+/)[0] ?? '',
    date: order.date,
    deliveryDate: order.deliveryDate,
    deliveryTimeWindow: order.deliveryTimeWindow,
    items: order.items,
    deliveryFee: order.deliveryFee,
    discountAmount: order.discountAmount,
    taxes: order.taxes,
    total: order.total,
    driverFirstName: order.status === 'on the way' ? (order.driver?.firstName ?? null) : null,
    deliveryAttempts: order.deliveryAttempts,
    attemptNote: order.attemptNote,
    expiredAt: order.expiredAt,
  };
}
