import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { UNCATEGORIZED_SLUG } from '../../../shared/constants';
import {
  type Category,
  type CategoryBody,
  type categoryReorderSchema,
  categorySchema,
  emptyCategoryNameMessage,
  SLUG_WITHOUT_LETTERS,
} from '../../../shared/schemas/categories';
import { categorySlug } from '../../../shared/slugs';
import type { Db } from '../../db/connect';
import type { CategoryRow, Database } from '../../db/schema';
import { busEvent, type DomainEvent, type Outcome } from '../../events/bus';
import { HttpError, notFound, parseInput } from '../../http/errors';
import { type Actor, recordChange } from '../audit/service';
import { invalidField, isUniqueViolation, patchOver } from '../catalog/admin-errors';
import { listProducts } from '../catalog/service';
import * as repo from './repo';

export function categoryFromRow(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parentId: row.parent_id,
    description: row.description,
    sortOrder: row.sort_order,
  };
}

export async function listCategories(db: Kysely<Database>): Promise<Category[]> {
  return (await repo.listCategoryRows(db)).map(categoryFromRow);
}

export const DUPLICATE_SLUG = 'A category with this slug already exists';
export const HAS_SUBCATEGORIES =
  'Cannot delete a category that has subcategories. Delete the subcategories first.';

/** Every category change also sends the whole list, and the product list when products were re-filed. */
async function listEvents(db: Kysely<Database>, productsMoved: boolean): Promise<DomainEvent[]> {
  const events = [busEvent('categories-updated', await listCategories(db))];
  if (productsMoved) events.push(busEvent('products-updated', await listProducts(db)));
  return events;
}

const isTopLevel = (row: Pick<CategoryRow, 'parent_id'>) => !row.parent_id;

interface CategoryForm {
  name: string;
  slug: string;
  description: string | null;
  parentId: number | null;
}

/** The spec's category form rules: name required, slug derived when empty, two levels only. */
async function readForm(
  db: Kysely<Database>,
  body: unknown,
  selfId?: number,
): Promise<{ form: CategoryForm; parent: CategoryRow | null }> {
  const input = parseInput(categorySchema, body, 'Invalid category');
  if (!input.name) {
    throw invalidField('name', emptyCategoryNameMessage(input.parentId));
  }
  const slug = categorySlug(input.slug || input.name);
  if (!slug) throw invalidField('slug', SLUG_WITHOUT_LETTERS);
  let parent: CategoryRow | null = null;
  if (input.parentId !== null) {
    if (input.parentId === selfId)
      throw invalidField('parentId', 'A category cannot be its own parent');
    parent = (await repo.findCategoryRow(db, input.parentId)) ?? null;
    if (!parent) throw invalidField('parentId', 'Parent category not found');
    if (!isTopLevel(parent)) throw invalidField('parentId', 'A subcategory cannot be a parent');
  }
  const existing = await repo.findCategoryRowBySlug(db, slug);
  if (existing && existing.id !== selfId)
    throw new HttpError(409, { error: DUPLICATE_SLUG, code: 'CATEGORY_SLUG_TAKEN' });
  return {
    form: { name: input.name, slug, description: input.description, parentId: input.parentId },
    parent,
  };
}

/**
 * A transaction that saves a category's slug. Two dealers saving the same slug at once: the
 * unique index decides, the loser gets the same 409.
 */
async function savingSlug<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.kysely.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, { error: DUPLICATE_SLUG, code: 'CATEGORY_SLUG_TAKEN' });
    throw error;
  }
}

export async function createCategory(
  db: Db,
  body: unknown,
  actor: Actor,
): Promise<Outcome<Category>> {
  return savingSlug(db, async (trx) => {
    const { form } = await readForm(trx, body);
    const row = await repo.insertCategoryRow(trx, {
      name: form.name,
      slug: form.slug,
      description: form.description,
      parent_id: form.parentId,
      sort_order: (await repo.maxSortOrder(trx, form.parentId)) + 1,
    });
    await recordChange(trx, actor, { action: 'created', entity: 'categories', entityId: row.id });
    const category = categoryFromRow(row);
    return {
      value: category,
      events: [busEvent('category-created', category), ...(await listEvents(trx, false))],
    };
  });
}

/**
 * Renaming a slug changes one row (products and promotions refer to the id); moving a category
 * between levels re-files its products in the same transaction.
 */
export async function updateCategory(
  db: Db,
  id: number,
  body: unknown,
  actor: Actor,
): Promise<Outcome<Category>> {
  return savingSlug(db, async (trx) => {
    const current = await repo.findCategoryRow(trx, id, db.dialect);
    if (!current) throw notFound('Category');
    const stored: CategoryBody = {
      name: current.name,
      slug: current.slug,
      description: current.description,
      parentId: current.parent_id || null,
    };
    const { form, parent } = await readForm(
      trx,
      patchOver(stored, body, ['name', 'slug', 'description', 'parentId']),
      id,
    );
    if (parent && (await repo.countChildren(trx, id)) > 0) {
      throw invalidField('parentId', 'A category with subcategories cannot become a subcategory');
    }
    const oldParentId = current.parent_id || null;
    const parentChanged = form.parentId !== oldParentId;
    const row = await repo.updateCategoryRow(trx, id, {
      name: form.name,
      slug: form.slug,
      description: form.description,
      parent_id: form.parentId,
      ...(parentChanged ? { sort_order: (await repo.maxSortOrder(trx, form.parentId)) + 1 } : {}),
    });
    const moved = await refileProducts(trx, current, form.slug, parent);
    const change = { action: 'changed', entity: 'categories', entityId: id, before: current };
    await recordChange(trx, actor, change);
    const category = categoryFromRow(row);
    return {
      value: category,
      events: [
        busEvent('category-updated', category),
        ...(await listEvents(trx, moved.length > 0)),
      ],
    };
  });
}

/**
 * Products refer to their category and subcategory by id, so a new slug or name needs no
 * change to them; moving between levels re-files them. Answers the ids of the products the API
 * now shows differently (their slugs changed), or none.
 */
async function refileProducts(
  trx: Kysely<Database>,
  old: CategoryRow,
  newSlug: string,
  newParent: CategoryRow | null,
): Promise<number[]> {
  const wasTop = isTopLevel(old);
  if (wasTop && newParent)
    return repo.moveProducts(
      trx,
      { column: 'category_id', id: old.id },
      { category_id: newParent.id, subcategory_id: old.id },
    );
  if (!wasTop && !newParent)
    return repo.moveProducts(
      trx,
      { column: 'subcategory_id', id: old.id },
      { category_id: old.id, subcategory_id: null },
    );
  if (!wasTop && newParent && newParent.id !== old.parent_id)
    return repo.moveProducts(
      trx,
      { column: 'subcategory_id', id: old.id },
      { category_id: newParent.id },
    );
  return old.slug === newSlug ? [] : repo.productIdsFiledUnder(trx, old.id);
}

/** A promotion limited to a category keeps it: deleting it would widen the promotion to every category. */
async function refuseIfPromotionsUse(trx: Kysely<Database>, category: CategoryRow) {
  const titles = await repo.promotionsLimitedTo(trx, category.id);
  if (titles.length === 0) return;
  throw new HttpError(409, {
    error: categoryUsedByPromotionsMessage(category.name, titles),
    code: 'CATEGORY_USED_BY_PROMOTIONS',
  });
}

export function categoryUsedByPromotionsMessage(name: string, promotions: string[]): string {
  const list = promotions.map((title) => `"${title}"`).join(', ');
  return `${name} is used by the promotion${promotions.length > 1 ? 's' : ''} ${list}. Remove it there first.`;
}

/**
 * Refused while subcategories exist. A top-level category's products move to
 * `uncategorized` (created when missing); a subcategory's products lose their subcategory.
 * Refused while a promotion is limited to it.
 */
export async function deleteCategory(db: Db, id: number, actor: Actor): Promise<Outcome<void>> {
  return savingSlug(db, async (trx) => {
    const row = await repo.findCategoryRow(trx, id, db.dialect);
    if (!row) throw notFound('Category');
    if ((await repo.countChildren(trx, id)) > 0)
      throw new HttpError(400, { error: HAS_SUBCATEGORIES, code: 'CATEGORY_HAS_SUBCATEGORIES' });
    await refuseIfPromotionsUse(trx, row);
    let createdUncategorized: Category | null = null;
    let moved: number[] = [];
    if (!isTopLevel(row)) {
      moved = await repo.moveProducts(
        trx,
        { column: 'subcategory_id', id: row.id },
        { subcategory_id: null },
      );
    } else if (row.slug === UNCATEGORIZED_SLUG) {
      if ((await repo.countProducts(trx, row.id)) > 0) {
        throw new HttpError(400, {
          error: 'Cannot delete the uncategorized category while products use it',
          code: 'CATEGORY_IN_USE',
        });
      }
    } else {
      let target = await repo.findCategoryRowBySlug(trx, UNCATEGORIZED_SLUG);
      if (!target && (await repo.countProducts(trx, row.id)) > 0) {
        target = await repo.insertCategoryRow(trx, {
          name: 'Uncategorized',
          slug: UNCATEGORIZED_SLUG,
          description: null,
          parent_id: null,
          sort_order: (await repo.maxSortOrder(trx, null)) + 1,
        });
        createdUncategorized = categoryFromRow(target);
        const entityId = target.id;
        await recordChange(trx, actor, { action: 'created', entity: 'categories', entityId });
      }
      if (target)
        moved = await repo.moveProducts(
          trx,
          { column: 'category_id', id: row.id },
          { category_id: target.id, subcategory_id: null },
        );
    }
    await repo.deleteCategoryRow(trx, id);
    const change = { action: 'deleted', entity: 'categories', entityId: id, before: row };
    await recordChange(trx, actor, change);
    return {
      value: undefined,
      events: [
        ...(createdUncategorized ? [busEvent('category-created', createdUncategorized)] : []),
        busEvent('category-deleted', { id }),
        ...(await listEvents(trx, moved.length > 0)),
      ],
    };
  });
}

/** Numbers one sibling group 1..n in one transaction; ids of different parents are refused. */
export async function reorderCategories(
  db: Db,
  { updates }: z.output<typeof categoryReorderSchema>,
  actor: Actor,
): Promise<Outcome<void>> {
  return db.kysely.transaction().execute(async (trx) => {
    const rows = await repo.findCategoryRows(
      trx,
      updates.map((u) => u.id),
    );
    const found = new Set(rows.map((r) => r.id));
    const missing = updates.filter((u) => !found.has(u.id)).map((u) => u.id);
    if (missing.length > 0)
      throw invalidField('updates', `Category not found: ${missing.join(', ')}`);
    const parents = new Set(rows.map((r) => r.parent_id || null));
    if (parents.size > 1) {
      throw invalidField(
        'updates',
        'Categories can only be reordered among siblings with the same parent',
      );
    }
    for (const update of updates) {
      const before = rows.find((row) => row.id === update.id)!;
      if (before.sort_order === update.sortOrder) continue;
      await repo.setSortOrder(trx, update.id, update.sortOrder);
      const change = { action: 'reordered', entity: 'categories', entityId: update.id, before };
      await recordChange(trx, actor, change);
    }
    return { value: undefined, events: await listEvents(trx, false) };
  });
}
