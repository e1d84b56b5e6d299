import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connect';
import type { Database, PromotionsTable } from '../../db/schema';

type PromotionValues = Omit<PromotionsTable, 'id'>;

export function findPromotionRow(db: Kysely<Database>, id: number, lock = false) {
  const query = db.selectFrom('promotions').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Promo codes have no unique index, so writers that set one take turns (SQLite writers always do). */
export async function lockPromoCodes(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('canopy.promotions.promo_code'))`.execute(db);
}

export function findPromotionIdByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('promotions')
    .select('id')
    .where(sql<string>`upper(promo_code)`, '=', code)
    .execute();
}

export async function existingCategorySlugs(
  db: Kysely<Database>,
  slugs: string[],
): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db
    .selectFrom('categories')
    .select('slug')
    .where('slug', 'in', slugs)
    .execute();
  return new Set(rows.map((r) => r.slug));
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
