import { type Kysely, sql } from 'kysely';
import type { Database, PromotionsTable } from '../../db/schema';

export function listPromotionRows(db: Kysely<Database>) {
  return db.selectFrom('promotions').selectAll().orderBy('display_order').orderBy('id').execute();
}

type PromotionValues = Omit<PromotionsTable, 'id'>;

export function findPromotionRow(db: Kysely<Database>, id: number, lock = false) {
  const query = db.selectFrom('promotions').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findPromotionIdByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('promotions')
    .select('id')
    .where(sql<string>`upper(promo_code)`, '=', code)
    .execute();
}

/** The promotion a shopper's code names (codes compare upper-cased). */
export function findPromotionRowByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where(sql<string>`upper(promo_code)`, '=', code)
    .orderBy('id')
    .executeTakeFirst();
}

/** Category and subcategory slugs of these products. */
export function findProductPlaces(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['category', 'subcategory'])
    .where('id', 'in', ids)
    .execute();
}

export async function productExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst(),
  );
}

export function insertPromotionRow(db: Kysely<Database>, values: PromotionValues) {
  return db.insertInto('promotions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePromotionRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<PromotionValues>,
) {
  return db
    .updateTable('promotions')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deletePromotionRow(db: Kysely<Database>, id: number) {
  return db.deleteFrom('promotions').where('id', '=', id).execute();
}
