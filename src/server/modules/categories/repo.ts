import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect';
import { countRows } from '../../db/count-rows';
import { forUpdate } from '../../db/dialect';
import type { CategoriesTable, Database } from '../../db/schema';

type CategoryValues = Omit<CategoriesTable, 'id'>;

export function listCategoryRows(db: Kysely<Database>) {
  return db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('name').execute();
}

/** Where each category sits: what product placement checks need. */
export function listCategoryPlaces(db: Kysely<Database>) {
  return db.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute();
}

/** The categories of these slugs that exist (slug and name). */
export function findCategoriesBySlug(db: Kysely<Database>, slugs: readonly string[]) {
  if (slugs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'parent_id'])
    .where('slug', 'in', slugs)
    .execute();
}

/** Given `lockOn`, the row stays locked until the commit where that database needs it. */
export function findCategoryRow(db: Kysely<Database>, id: number, lockOn?: Dialect) {
  const query = db.selectFrom('categories').selectAll().where('id', '=', id);
  return forUpdate(query, lockOn).executeTakeFirst();
}

export function findCategoryRowBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function findCategoryRows(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('categories').selectAll().where('id', 'in', ids).execute();
}

export function countChildren(db: Kysely<Database>, id: number): Promise<number> {
  return countRows(db.selectFrom('categories').where('parent_id', '=', id));
}

/** Highest sortOrder among the children of parentId (top level when null; 0 counts as top level). */
export async function maxSortOrder(db: Kysely<Database>, parentId: number | null): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where((eb) =>
      parentId === null
        ? eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', 0)])
        : eb('parent_id', '=', parentId),
    )
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export function insertCategoryRow(db: Kysely<Database>, values: CategoryValues) {
  return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCategoryRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<CategoryValues>,
) {
  return db
    .updateTable('categories')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteCategoryRow(db: Kysely<Database>, id: number) {
  return db.deleteFrom('categories').where('id', '=', id).execute();
}

export function setSortOrder(db: Kysely<Database>, id: number, sortOrder: number) {
  return db.updateTable('categories').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

/** How many products are filed directly under this category. */
export function countProducts(db: Kysely<Database>, categoryId: number): Promise<number> {
  return countRows(db.selectFrom('products').where('category_id', '=', categoryId));
}

/** Re-files products; answers the ids of the products that moved. */
export async function moveProducts(
  db: Kysely<Database>,
  where: { column: 'category_id' | 'subcategory_id'; id: number },
  set: { category_id?: number; subcategory_id?: number | null },
): Promise<number[]> {
  const rows = await db
    .updateTable('products')
    .set(set)
    .where(where.column, '=', where.id)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The products filed under this category, as their category or their subcategory. */
export async function productIdsFiledUnder(db: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([eb('category_id', '=', id), eb('subcategory_id', '=', id)]))
    .execute();
  return rows.map((r) => r.id);
}

/** Titles of the promotions limited to this category. */
export async function promotionsLimitedTo(db: Kysely<Database>, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('promotion_categories as pc')
    .innerJoin('promotions as p', 'p.id', 'pc.promotion_id')
    .select('p.title')
    .where('pc.category_id', '=', id)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.title);
}
