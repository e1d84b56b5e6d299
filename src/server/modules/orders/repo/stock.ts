/** Product stock as orders hold, lock and return it. */
import type { Kysely, Transaction } from 'kysely';
import { selectProducts } from '../../../db/category-references';
import type { Dialect } from '../../../db/connect';
import { forUpdate } from '../../../db/dialect';
import { reusedQuery } from '../../../db/reused-query';
import type { Database } from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** Per product, the pending orders holding some of its stock and how much they took. */
export function heldStockByProduct(db: Q) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.product_id',
      eb.fn.count<number>('orders.id').distinct().as('pending_orders'),
      eb.fn.sum<number>('order_items.stock_taken').as('held'),
    ])
    .where('orders.status', '=', 'pending')
    .where('order_items.stock_taken', '>', 0)
    .groupBy('order_items.product_id')
    .orderBy('order_items.product_id')
    .execute();
}

/** A product's flavor stocks, locked until the commit on PostgreSQL: the caller writes them back. */
export function lockProductFlavorStocks(db: Q, productId: number, dialect: Dialect) {
  const query = db.selectFrom('products').select('flavor_stocks').where('id', '=', productId);
  return forUpdate(query, dialect).executeTakeFirst();
}

/**
 * The order's products by id, in id order. Nothing is locked: prices and options are checked
 * against this reading, and the stock against the rows themselves when it is taken.
 */
export const findOrderProducts = reusedQuery({
  build: (db, ids: number[]) =>
    selectProducts(db).where('products.id', 'in', ids).orderBy('products.id'),
  shape: (ids) => ids.length,
  parameters: (ids) => ids,
});

export function returnStock(db: Q, productId: number, amount: number, flavorStocks?: string) {
  return db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', amount),
      ...(flavorStocks === undefined ? {} : { flavor_stocks: flavorStocks }),
    }))
    .where('id', '=', productId)
    .execute();
}
