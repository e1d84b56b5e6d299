import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/connect';
import { forUpdate } from '../../db/dialect';
import type { Database, OrderReturnsTable, ProductDestructionsTable } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export function findReturnRows(db: Q, orderId: number) {
  return db.selectFrom('order_returns').selectAll().where('order_id', '=', orderId).execute();
}

export function insertReturnRow(db: Q, row: Insertable<OrderReturnsTable>) {
  return db.insertInto('order_returns').values(row).returning('id').executeTakeFirstOrThrow();
}

/**
 * Returned goods are set apart (`+`) and leave once destroyed (`-`); a product deleted since
 * has nothing to set them on.
 */
export function changeToDestroy(db: Q, productId: number, op: '+' | '-', amount: number) {
  return db
    .updateTable('products')
    .set((eb) => ({ to_destroy: eb('to_destroy', op, amount) }))
    .where('id', '=', productId)
    .execute();
}

/** The product's name and what waits to be destroyed, locked until the commit on PostgreSQL. */
export function lockProductToDestroy(db: Q, productId: number, dialect: Dialect) {
  const query = db
    .selectFrom('products')
    .select(['id', 'name', 'to_destroy'])
    .where('id', '=', productId);
  return forUpdate(query, dialect).executeTakeFirst();
}

export function insertDestructionRow(db: Q, row: Insertable<ProductDestructionsTable>) {
  return db
    .insertInto('product_destructions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findProductsToDestroy(db: Q) {
  return db
    .selectFrom('products')
    .leftJoin('categories as c', 'c.id', 'products.category_id')
    .leftJoin('categories as s', 's.id', 'products.subcategory_id')
    .select([
      'products.id',
      'products.name',
      'products.to_destroy',
      'c.slug as category',
      's.slug as subcategory',
    ])
    .where('products.to_destroy', '>', 0)
    .orderBy('products.name')
    .execute();
}

/** The latest destructions, with who recorded them and the product's filing (for its unit). */
export function findRecentDestructions(db: Q, limit: number) {
  return db
    .selectFrom('product_destructions')
    .leftJoin('users', 'users.id', 'product_destructions.staff_id')
    .leftJoin('products', 'products.id', 'product_destructions.product_id')
    .leftJoin('categories as c', 'c.id', 'products.category_id')
    .leftJoin('categories as s', 's.id', 'products.subcategory_id')
    .selectAll('product_destructions')
    .select(['users.first_name', 'users.username', 'c.slug as category', 's.slug as subcategory'])
    .orderBy('product_destructions.id', 'desc')
    .limit(limit)
    .execute();
}
