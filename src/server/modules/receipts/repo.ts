import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ordersWithHandlingStaff } from '../staff/repo';

/**
 * What a receipt adds to the order: who may read it (shopper, link, driver), the subtotal,
 * the customer's number, the signature, and the driver and preparer as staff.
 */
export function findReceiptRow(db: Kysely<Database>, id: number) {
  return ordersWithHandlingStaff(db)
    .select([
      'orders.status',
      'orders.shopper_id',
      'orders.status_token',
      'orders.driver_id',
      'orders.subtotal_cents',
      'orders.customer_number',
      'orders.signature',
    ])
    .where('orders.id', '=', id)
    .executeTakeFirst();
}
