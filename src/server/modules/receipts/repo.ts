import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What a receipt adds to the order: who may read it (shopper, link, driver), the subtotal,
 * the customer's number, the signature, and the driver and preparer as staff.
 */
export function findReceiptRow(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users as driver', 'driver.id', 'orders.driver_id')
    .leftJoin('users as preparer', 'preparer.id', 'orders.prepared_by')
    .select([
      'orders.status',
      'orders.shopper_id',
      'orders.status_token',
      'orders.driver_id',
      'orders.subtotal_cents',
      'orders.customer_number',
      'orders.signature',
      'driver.username as driver_username',
      'driver.first_name as driver_first_name',
      'driver.employee_number as driver_employee_number',
      'preparer.username as preparer_username',
      'preparer.first_name as preparer_first_name',
      'preparer.employee_number as preparer_employee_number',
    ])
    .where('orders.id', '=', id)
    .executeTakeFirst();
}
