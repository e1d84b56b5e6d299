import type { Kysely } from 'kysely';
import type { Database, NewProductRow, ProductRowUpdate } from './schema';

/*
 * Products and promotions refer to categories by id (migration 0020); the API and the shared
 * rules speak slugs. These helpers turn one into the other for every repo.
 */

/**
 * Products with the slugs of their category and subcategory: products refer to categories by
 * id (migration 0020), the API and the shared rules speak slugs. Columns of `products` must be
 * named `products.x` in queries built on this (categories have an id and a name too).
 */
export function selectProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .innerJoin('categories as placed', 'placed.id', 'products.category_id')
    .leftJoin('categories as sub', 'sub.id', 'products.subcategory_id')
    .selectAll('products')
    .select(['placed.slug as category', 'sub.slug as subcategory']);
}

function categoryId(db: Kysely<Database>, slug: string) {
  return db.selectFrom('categories').select('id').where('slug', '=', slug).limit(1);
}

/** The columns of a product write, its slugs turned into category ids (the service checked they exist). */
export function productColumns(db: Kysely<Database>, row: NewProductRow) {
  const { category, subcategory, ...columns } = row;
  return {
    ...columns,
    category_id: categoryId(db, category),
    subcategory_id: subcategory === null ? null : categoryId(db, subcategory),
  };
}

export function productUpdateColumns(db: Kysely<Database>, row: ProductRowUpdate) {
  const { category, subcategory, ...columns } = row;
  return {
    ...columns,
    ...(category === undefined ? {} : { category_id: categoryId(db, category) }),
    ...(subcategory === undefined
      ? {}
      : { subcategory_id: subcategory === null ? null : categoryId(db, subcategory) }),
  };
}

/** Limits a promotion to these categories (by slug; the service checked they exist). */
export async function linkPromotionCategories(
  db: Kysely<Database>,
  promotionId: number,
  slugs: readonly string[],
): Promise<void> {
  if (slugs.length === 0) return;
  await db
    .insertInto('promotion_categories')
    .columns(['promotion_id', 'category_id'])
    .expression((eb) =>
      eb
        .selectFrom('categories')
        .select([eb.lit(promotionId).as('promotion_id'), 'id as category_id'])
        .where('slug', 'in', slugs),
    )
    .execute();
}
