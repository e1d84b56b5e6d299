import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Orders of the shop days from `from` through `to`, oldest first. */
export function listOrderRowsBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('shop_date', '>=', from)
    .where('shop_date', '<=', to)
    .orderBy('id')
    .execute();
}

/** Their items, by a subquery rather than a list of ids (a year of orders is many ids). */
export function listOrderItemRowsBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('id')
        .where('shop_date', '>=', from)
        .where('shop_date', '<=', to),
    )
    .orderBy('id')
    .execute();
}
