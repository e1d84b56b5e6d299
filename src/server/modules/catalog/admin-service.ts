import type { Kysely } from 'kysely';
import { missingGramsProblem } from '../../../shared/compliance/limits';
import { PRODUCT_FIELDS } from '../../../shared/product-fields';
import { type Product, type ProductFields, productSchema } from '../../../shared/schemas/products';
import type { Db } from '../../db/connect';
import { nowIso } from '../../db/json';
import type { CategoryRow, Database } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { HttpError, notFound, parseInput } from '../../http/errors';
import { type Actor, recordChange, rowBefore } from '../audit/service';
import * as categories from '../categories/repo';
import { checkStockWithinPackages } from '../metrc/service';
import { currentRuleSet } from '../settings/service';
import { invalidField, patchOver } from './admin-errors';
import { type ProductInput, productFromRow, rowFromProduct } from './product-mapper';
import * as repo from './repo';
import { listProducts } from './service';

const toInput = (fields: ProductFields): ProductInput => fields;

type CategoryPlace = Pick<CategoryRow, 'id' | 'parent_id'> | undefined;

/**
 * The category must exist at the top level; a subcategory, when given, must be one of
 * its children. Answers the field at fault and why, or null when the placement is fine.
 */
export function placementProblem(
  category: string,
  subcategory: string | null,
  findCategory: (slug: string) => CategoryPlace,
): { path: 'category' | 'subcategory'; message: string } | null {
  const parent = findCategory(category);
  if (!parent) return { path: 'category', message: `Category not found: ${category}` };
  if (parent.parent_id)
    return {
      path: 'category',
      message: `${category} is a subcategory; choose a top-level category`,
    };
  if (subcategory === null) return null;
  const child = findCategory(subcategory);
  if (!child || child.parent_id !== parent.id) {
    return {
      path: 'subcategory',
      message: `Subcategory ${subcategory} is not part of ${category}`,
    };
  }
  return null;
}

/** Under a rule set whose cannabis products state their grams, a product must state them. */
async function checkGrams(db: Kysely<Database>, fields: ProductFields): Promise<void> {
  const problem = missingGramsProblem(fields, await currentRuleSet(db));
  if (problem) throw invalidField('cannabisGrams', problem);
}

async function checkPlacement(
  db: Kysely<Database>,
  category: string,
  subcategory: string | null,
): Promise<void> {
  const rows = new Map<string, CategoryPlace>();
  for (const slug of subcategory === null ? [category] : [category, subcategory]) {
    rows.set(slug, await categories.findCategoryRowBySlug(db, slug));
  }
  const problem = placementProblem(category, subcategory, (slug) => rows.get(slug));
  if (problem) throw invalidField(problem.path, problem.message);
}

export async function createProduct(
  db: Db,
  fields: ProductFields,
  actor: Actor,
  options: { trackAndTrace?: boolean } = {},
): Promise<Outcome<Product>> {
  const product = await db.kysely.transaction().execute(async (trx) => {
    await checkPlacement(trx, fields.category, fields.subcategory);
    await checkGrams(trx, fields);
    const row = await repo.insertProductRow(trx, rowFromProduct(toInput(fields), nowIso()));
    // a new cannabis product starts with no package behind it: its stock comes from receiving one
    if (options.trackAndTrace) await checkStockWithinPackages(trx, { ...fields, id: row.id }, 0);
    await recordChange(trx, actor, { action: 'created', entity: 'products', entityId: row.id });
    return productFromRow(row);
  });
  return { value: product, events: [busEvent('product-created', product)] };
}

/**
 * The product, locked until the commit where the database needs it, and the audit log's copy of
 * it before the change; a missing product is a 404.
 */
async function lockProduct(trx: Kysely<Database>, id: number, dialect: Db['dialect']) {
  const row = await repo.findProductRowForUpdate(trx, id, dialect);
  if (!row) throw notFound('Product');
  return { row, before: await rowBefore(trx, 'products', id) };
}

/** A partial update: the sent fields replace the stored ones and the whole product is validated again. */
export async function updateProduct(
  db: Db,
  id: number,
  body: unknown,
  actor: Actor,
  options: { trackAndTrace?: boolean } = {},
): Promise<Outcome<Product>> {
  const product = await db.kysely.transaction().execute(async (trx) => {
    const { row, before } = await lockProduct(trx, id, db.dialect);
    const current = productFromRow(row);
    const merged = patchOver(current, body, PRODUCT_FIELDS);
    const fields = parseInput(productSchema, merged, 'Invalid product');
    if (fields.category !== current.category || fields.subcategory !== current.subcategory) {
      await checkPlacement(trx, fields.category, fields.subcategory);
    }
    await checkGrams(trx, fields);
    if (options.trackAndTrace)
      await checkStockWithinPackages(trx, { id, ...fields }, current.stock);
    const { created_at: _createdAt, ...update } = rowFromProduct(
      toInput(fields),
      current.createdAt,
    );
    const updated = await repo.updateProductRow(trx, id, update);
    if (!updated) throw notFound('Product');
    await recordChange(trx, actor, { action: 'changed', entity: 'products', entityId: id, before });
    return productFromRow(updated);
  });
  return { value: product, events: [busEvent('product-updated', product)] };
}

/** A product that a promotion gives away stays until that promotion is changed, so no freebie points nowhere. */
export async function deleteProduct(db: Db, id: number, actor: Actor): Promise<Outcome<void>> {
  await db.kysely.transaction().execute(async (trx) => {
    const { before } = await lockProduct(trx, id, db.dialect);
    const promotions = await repo.promotionsGivingAway(trx, id);
    if (promotions.length > 0) {
      throw new HttpError(409, {
        error: `This product is the free item of the promotion ${promotions.map((p) => p.title).join(', ')}. Change or delete that promotion first.`,
        code: 'PRODUCT_IS_FREEBIE',
      });
    }
    await repo.deleteProductRow(trx, id);
    await recordChange(trx, actor, { action: 'deleted', entity: 'products', entityId: id, before });
  });
  return { value: undefined, events: [busEvent('product-deleted', { id })] };
}

export const OUT_OF_STOCK_FEATURE = 'Cannot feature a product that is out of stock';

/** Featuring follows the dashboard's rule: a product with no stock cannot be featured (unfeaturing always works). */
export async function setProductFeatured(
  db: Db,
  id: number,
  featured: boolean,
  actor: Actor,
): Promise<Outcome<Product>> {
  const product = await db.kysely.transaction().execute(async (trx) => {
    const { row, before } = await lockProduct(trx, id, db.dialect);
    if (featured && Number(row.stock) <= 0) throw invalidField('featured', OUT_OF_STOCK_FEATURE);
    const updated = await repo.updateProductRow(trx, id, { featured: featured ? 1 : 0 });
    if (!updated) throw notFound('Product');
    const action = featured ? 'featured' : 'unfeatured';
    await recordChange(trx, actor, { action, entity: 'products', entityId: id, before });
    const featuredNow = (await listProducts(trx)).filter((p) => p.featured);
    return { product: productFromRow(updated), featuredNow };
  });
  return {
    value: product.product,
    events: [
      busEvent('product-updated', product.product),
      // spec §7: the featured list as it is now (browsers ignore it; product-updated carries the change)
      busEvent('featured-products-updated', product.featuredNow),
    ],
  };
}
