import type { Kysely } from 'kysely';
import { productColumns, productUpdateColumns, selectProducts } from '../../db/category-references';
import type { Dialect } from '../../db/connect';
import { locksRows } from '../../db/dialect';
import type { Database, NewProductRow, ProductRowUpdate } from '../../db/schema';

export function listProductRows(db: Kysely<Database>) {
  return selectProducts(db).orderBy('products.id').execute();
}

export function listProductRowsCreatedSince(db: Kysely<Database>, sinceIso: string) {
  return selectProducts(db)
    .where('products.created_at', '>=', sinceIso)
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .execute();
}

export function findProductRow(db: Kysely<Database>, id: number) {
  return selectProducts(db).where('products.id', '=', id).executeTakeFirst();
}

export function findProductRowsByCategory(db: Kysely<Database>, category: string) {
  return selectProducts(db).where('placed.slug', '=', category).execute();
}

export async function insertProductRow(db: Kysely<Database>, row: NewProductRow) {
  const { id } = await db
    .insertInto('products')
    .values(productColumns(db, row))
    .returning('id')
    .executeTakeFirstOrThrow();
  return selectProducts(db).where('products.id', '=', id).executeTakeFirstOrThrow();
}

export async function updateProductRow(db: Kysely<Database>, id: number, row: ProductRowUpdate) {
  const updated = await db
    .updateTable('products')
    .set(productUpdateColumns(db, row))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated ? findProductRow(db, id) : undefined;
}

export async function deleteProductRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Reads a product inside a transaction; on PostgreSQL the row stays locked until commit (SQLite writers are serial). */
export function findProductRowForUpdate(db: Kysely<Database>, id: number, dialect: Dialect) {
  const query = selectProducts(db).where('products.id', '=', id);
  return (locksRows(dialect) ? query.forUpdate('products') : query).executeTakeFirst();
}

export function promotionsGivingAway(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom('promotions')
    .select(['id', 'title'])
    .where('freebie_product_id', '=', productId)
    .execute();
}
