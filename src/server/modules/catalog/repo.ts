import type { Kysely } from 'kysely';
import type { Database, NewProductRow, ProductRowUpdate } from '../../db/schema';

export function listProductRows(db: Kysely<Database>) {
  return db.selectFrom('products').selectAll().orderBy('id').execute();
}

export function listProductRowsCreatedSince(db: Kysely<Database>, sinceIso: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('created_at', '>=', sinceIso)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findProductRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProductRowsByCategory(db: Kysely<Database>, category: string) {
  return db.selectFrom('products').selectAll().where('category', '=', category).execute();
}

export function insertProductRow(db: Kysely<Database>, row: NewProductRow) {
  return db.insertInto('products').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateProductRow(db: Kysely<Database>, id: number, row: ProductRowUpdate) {
  return db.updateTable('products').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteProductRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Reads a product inside a transaction; on PostgreSQL the row stays locked until commit (SQLite writers are serial). */
export function findProductRowForUpdate(db: Kysely<Database>, id: number, lock: boolean) {
  const query = db.selectFrom('products').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function promotionsGivingAway(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom('promotions')
    .select(['id', 'title'])
    .where('freebie_product_id', '=', productId)
    .execute();
}
