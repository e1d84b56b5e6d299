import { sql } from 'kysely';
import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

const UNCATEGORIZED = 'uncategorized';

/**
 * Products and promotions refer to categories by id, with foreign keys, instead of
 * by slug, so renaming a category changes one row. Products gain category_id and
 * subcategory_id; a promotion's categories move from a JSON list of slugs to the
 * promotion_categories table. Data is kept: a product whose category no longer exists is filed
 * under "uncategorized" (as deleting a category does), an unknown subcategory is dropped, and a
 * promotion limited only to categories that no longer exist (it applied to nothing) is
 * switched off rather than applying to everything.
 *
 * SQLite cannot add a NOT NULL column that references another table, so there category_id is
 * NOT NULL only on PostgreSQL; on both, every write goes through the repos, which always set it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await fileProductsById(db, dialect);
  await movePromotionCategoriesToTable(db);
}

async function fileProductsById(db: AnyDb, dialect: Dialect) {
  await db.schema
    .alterTable('products')
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('subcategory_id', 'integer', (c) => c.references('categories.id'))
    .execute();
  await sql`update products set
      category_id = (select c.id from categories c where c.slug = products.category),
      subcategory_id = (select c.id from categories c where c.slug = products.subcategory)`.execute(
    db,
  );
  const orphan = await db
    .selectFrom('products')
    .select('id')
    .where('category_id', 'is', null)
    .executeTakeFirst();
  if (orphan) {
    const uncategorized = await ensureUncategorized(db);
    await db
      .updateTable('products')
      .set({ category_id: uncategorized, subcategory_id: null })
      .where('category_id', 'is', null)
      .execute();
  }
  await db.schema.dropIndex('products_category_idx').execute();
  await db.schema.alterTable('products').dropColumn('category').execute();
  await db.schema.alterTable('products').dropColumn('subcategory').execute();
  if (dialect === 'postgres')
    await db.schema
      .alterTable('products')
      .alterColumn('category_id', (c) => c.setNotNull())
      .execute();
  await addIndex(db, 'products', 'products_category_id_idx', 'category_id');
  await addIndex(db, 'products', 'products_subcategory_id_idx', 'subcategory_id');
}

async function ensureUncategorized(db: AnyDb): Promise<number> {
  const existing = await db
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', UNCATEGORIZED)
    .executeTakeFirst();
  if (existing) return existing.id;
  const last = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .executeTakeFirst();
  const row = await db
    .insertInto('categories')
    .values({
      name: 'Uncategorized',
      slug: UNCATEGORIZED,
      parent_id: null,
      description: null,
      sort_order: Number(last?.max ?? 0) + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function movePromotionCategoriesToTable(db: AnyDb) {
  await db.schema
    .createTable('promotion_categories')
    .addColumn('promotion_id', 'integer', (c) =>
      c.notNull().references('promotions.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addPrimaryKeyConstraint('promotion_categories_pk', ['promotion_id', 'category_id'])
    .execute();
  await addIndex(db, 'promotion_categories', 'promotion_categories_category_idx', 'category_id');

  const categories = await db.selectFrom('categories').select(['id', 'slug']).execute();
  const idOf = new Map(categories.map((c) => [String(c.slug), Number(c.id)]));
  const promotions = await db
    .selectFrom('promotions')
    .select(['id', 'applicable_categories'])
    .execute();
  for (const promo of promotions) {
    const slugs = parseSlugs(promo.applicable_categories);
    const ids = [...new Set(slugs.flatMap((slug) => idOf.get(slug) ?? []))];
    if (ids.length > 0)
      await db
        .insertInto('promotion_categories')
        .values(ids.map((id) => ({ promotion_id: promo.id, category_id: id })))
        .execute();
    else if (slugs.length > 0)
      await db.updateTable('promotions').set({ active: 0 }).where('id', '=', promo.id).execute();
  }
  await db.schema.alterTable('promotions').dropColumn('applicable_categories').execute();
}

function parseSlugs(text: unknown): string[] {
  try {
    const list: unknown = JSON.parse(String(text ?? '[]'));
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('promotions')
    .addColumn('applicable_categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const links = await db
    .selectFrom('promotion_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['pc.promotion_id', 'c.slug'])
    .execute();
  const byPromotion = new Map<number, string[]>();
  for (const link of links)
    byPromotion.set(Number(link.promotion_id), [
      ...(byPromotion.get(Number(link.promotion_id)) ?? []),
      String(link.slug),
    ]);
  for (const [id, slugs] of byPromotion)
    await db
      .updateTable('promotions')
      .set({ applicable_categories: JSON.stringify(slugs) })
      .where('id', '=', id)
      .execute();
  await db.schema.dropTable('promotion_categories').execute();

  await db.schema
    .alterTable('products')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(UNCATEGORIZED))
    .execute();
  await db.schema.alterTable('products').addColumn('subcategory', 'text').execute();
  await sql`update products set
      category = (select c.slug from categories c where c.id = products.category_id),
      subcategory = (select c.slug from categories c where c.id = products.subcategory_id)`.execute(
    db,
  );
  await db.schema.dropIndex('products_category_id_idx').execute();
  await db.schema.dropIndex('products_subcategory_id_idx').execute();
  await db.schema.alterTable('products').dropColumn('category_id').execute();
  await db.schema.alterTable('products').dropColumn('subcategory_id').execute();
  await addIndex(db, 'products', 'products_category_idx', 'category');
}
