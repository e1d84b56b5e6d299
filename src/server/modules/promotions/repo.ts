import { type Kysely, type Selectable, sql } from 'kysely';
import { linkPromotionCategories, selectProducts } from '../../db/category-references';
import type { Dialect } from '../../db/connect';
import { forUpdate } from '../../db/dialect';
import { reusedQuery } from '../../db/reused-query';
import type { Database, NewPromotionRow, PromotionRow, PromotionsTable } from '../../db/schema';

/**
 * The category slugs of these promotions. Read by every order with a code, so compiled once
 * per number of promotions (see reused-query.ts): building it took 40-60 µs of such an order.
 */
const selectCategoryLinks = reusedQuery({
  build: (db, ids: readonly number[]) =>
    db
      .selectFrom('promotion_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.promotion_id', 'c.slug'])
      .where('pc.promotion_id', 'in', ids)
      .orderBy('c.sort_order')
      .orderBy('c.id'),
  shape: (ids) => ids.length,
  parameters: (ids) => [...ids],
});

/** The promotions' rows with the slugs of the categories each is limited to. */
async function withCategories(
  db: Kysely<Database>,
  rows: Selectable<PromotionsTable>[],
): Promise<PromotionRow[]> {
  if (rows.length === 0) return [];
  const links = await selectCategoryLinks(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    categories: links.filter((link) => link.promotion_id === row.id).map((link) => link.slug),
  }));
}

async function one(db: Kysely<Database>, row: Selectable<PromotionsTable> | undefined) {
  return row && (await withCategories(db, [row]))[0];
}

export async function listPromotionRows(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return withCategories(db, rows);
}

/** Given `lockOn`, the row stays locked until the commit where that database needs it. */
export async function findPromotionRow(db: Kysely<Database>, id: number, lockOn?: Dialect) {
  const query = db.selectFrom('promotions').selectAll().where('id', '=', id);
  return one(db, await forUpdate(query, lockOn).executeTakeFirst());
}

export function findPromotionIdByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('promotions')
    .select('id')
    .where(sql<string>`upper(promo_code)`, '=', code)
    .execute();
}

/** Read by every order with a code: compiled once (see reused-query.ts). */
const selectPromotionsByCode = reusedQuery({
  build: (db, code: string) =>
    db
      .selectFrom('promotions')
      .selectAll()
      .where(sql<string>`upper(promo_code)`, '=', code)
      .orderBy('id'),
  parameters: (code) => [code],
});

/** The promotion a shopper's code names (codes compare upper-cased). */
export async function findPromotionRowByCode(db: Kysely<Database>, code: string) {
  const [row] = await selectPromotionsByCode(db, code);
  return one(db, row);
}

/** Category and subcategory slugs of these products. */
export function findProductPlaces(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db)
    .clearSelect()
    .select(['placed.slug as category', 'sub.slug as subcategory'])
    .where('products.id', 'in', ids)
    .execute();
}

/** Whether the product exists, and whether it is cannabis; undefined when it does not exist. */
export async function findFreebieKind(
  db: Kysely<Database>,
  id: number,
): Promise<{ cannabis: boolean } | undefined> {
  const row = await db
    .selectFrom('products')
    .select('cannabis')
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { cannabis: row.cannabis === 1 };
}

async function setCategories(db: Kysely<Database>, id: number, slugs: readonly string[]) {
  await db.deleteFrom('promotion_categories').where('promotion_id', '=', id).execute();
  await linkPromotionCategories(db, id, slugs);
}

export async function insertPromotionRow(db: Kysely<Database>, values: NewPromotionRow) {
  const { categories, ...columns } = values;
  const row = await db
    .insertInto('promotions')
    .values(columns)
    .returningAll()
    .executeTakeFirstOrThrow();
  await linkPromotionCategories(db, row.id, categories);
  // read back, so a new promotion lists its categories in the order every later read does
  return (await one(db, row))!;
}

export async function updatePromotionRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<NewPromotionRow>,
) {
  const { categories, ...columns } = values;
  if (Object.keys(columns).length > 0)
    await db.updateTable('promotions').set(columns).where('id', '=', id).execute();
  if (categories) await setCategories(db, id, categories);
  return (await findPromotionRow(db, id))!;
}

/** Freebie promotions that give a cannabis product away, with that product's name. */
export function findCannabisFreebieRows(db: Kysely<Database>) {
  return db
    .selectFrom('promotions')
    .innerJoin('products', 'products.id', 'promotions.freebie_product_id')
    .select(['promotions.id', 'promotions.promo_code', 'products.name as product_name'])
    .where('promotions.discount_type', '=', 'freebie')
    .where('products.cannabis', '=', 1)
    .execute();
}

/** The cheapest non-cannabis product in stock: what a licensed shop can give away instead. */
export function findCheapestNonCannabisInStock(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('cannabis', '=', 0)
    .where('stock', '>', 0)
    .orderBy('price_cents')
    .orderBy('id')
    .executeTakeFirst();
}

export function deletePromotionRow(db: Kysely<Database>, id: number) {
  return db.deleteFrom('promotions').where('id', '=', id).execute();
}
