import type { Kysely, Transaction } from 'kysely';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { toCents } from '../../../shared/money';
import {
  type Promotion,
  type PromotionFields,
  promotionSchema,
} from '../../../shared/schemas/promotions';
import type { Db } from '../../db/connect';
import type { Database, NewPromotionRow, PromotionRow } from '../../db/schema';
import { busEvent, type DomainEvent, type Outcome } from '../../events/bus';
import { HttpError, notFound, parseInput } from '../../http/errors';
import { type Actor, diffRows, record } from '../audit/service';
import { invalidField, isUniqueViolation, patchOver } from '../catalog/admin-errors';
import { findCategoriesBySlug } from '../categories/repo';
import { currentRuleSet } from '../settings/service';
import { promotionFromRow } from './promotion-mapper';
import * as repo from './repo';

export const BOGO50_EDIT_REFUSED = 'Only active, title and description can be changed for BOGO50';
export const BOGO50_DELETE_REFUSED = 'The BOGO50 promotion cannot be deleted';
export const DUPLICATE_PROMO_CODE = 'A promotion with this promo code already exists';

const PROMOTION_KEYS = [
  'title',
  'description',
  'active',
  'color',
  'promoCode',
  'discountAmount',
  'discountType',
  'applicableCategories',
  'freebieProductId',
  'displayOrder',
  'validDays',
] as const satisfies readonly (keyof PromotionFields & keyof Promotion)[];

/**
 * What the BOGO50 card lets the dealer change. displayOrder is included because the
 * promotion list's up/down buttons swap display orders on every card, BOGO50's too.
 */
const BOGO50_EDITABLE = new Set<string>(['active', 'title', 'description', 'displayOrder']);

/** What a BOGO50 save may change. */
const bogo50Values = (fields: PromotionFields) => ({
  active: fields.active ? 1 : 0,
  title: fields.title,
  description: fields.description,
  display_order: fields.displayOrder,
});

function rowValues(p: PromotionFields): Omit<NewPromotionRow, 'is_bogo50'> {
  return {
    title: p.title,
    description: p.description,
    active: p.active ? 1 : 0,
    color: p.color,
    promo_code: p.promoCode,
    // cents for fixed amounts, hundredths of a percent for percentages: both are x100
    discount_amount_x100: toCents(p.discountAmount),
    discount_type: p.discountType,
    categories: p.applicableCategories,
    freebie_product_id: p.freebieProductId,
    display_order: p.displayOrder,
    valid_days: JSON.stringify(p.validDays),
  };
}

/** Code unique among promotions; newly listed categories must exist; a freebie must be a product. */
async function checkReferences(
  db: Kysely<Database>,
  p: PromotionFields,
  current?: Promotion,
): Promise<void> {
  if (p.promoCode) {
    const holders = await repo.findPromotionIdByCode(db, p.promoCode);
    if (holders.some((h) => h.id !== current?.id))
      throw new HttpError(409, { error: DUPLICATE_PROMO_CODE, code: 'PROMO_CODE_TAKEN' });
  }
  // A slug the promotion already had may belong to a deleted category; it only matters when added.
  const added = p.applicableCategories.filter(
    (slug) => !current?.applicableCategories.includes(slug),
  );
  const known = new Set((await findCategoriesBySlug(db, added)).map((c) => c.slug));
  const unknown = added.filter((slug) => !known.has(slug));
  if (unknown.length > 0)
    throw invalidField('applicableCategories', `Category not found: ${unknown.join(', ')}`);
  if (!p.freebieProductId) return;
  const freebie = await repo.findFreebieKind(db, p.freebieProductId);
  if (!freebie) throw invalidField('freebieProductId', 'Freebie product not found');
  if (p.discountType === 'freebie' && freebie.cannabis && (await currentRuleSet(db)).noFreeCannabis)
    throw invalidField('freebieProductId', FREE_CANNABIS_REFUSED);
}

/**
 * When the shop switches to a rule set that forbids free cannabis, each freebie
 * promotion that gives cannabis away gives the cheapest non-cannabis product in stock instead
 * (the demo's FREEJOINT becomes a free lighter), named so in its title and text; with no such
 * product it is turned off. Answers the promotions' changes for every browser.
 */
export async function noFreeCannabis(
  trx: Kysely<Database>,
  ruleSet: RuleSet,
  actor: Actor,
): Promise<DomainEvent[]> {
  if (!ruleSet.noFreeCannabis) return [];
  const giveaways = await repo.findCannabisFreebieRows(trx);
  if (giveaways.length === 0) return [];
  const standIn = await repo.findCheapestNonCannabisInStock(trx);
  const events: DomainEvent[] = [];
  for (const giveaway of giveaways) {
    const before = await repo.findPromotionRow(trx, giveaway.id);
    const code = giveaway.promo_code ?? '';
    const change = standIn
      ? {
          freebie_product_id: standIn.id,
          title: `Free ${standIn.name} With Your Order`,
          description: `Use code ${code} and we add a ${standIn.name} on the house.`,
        }
      : { active: 0 };
    const after = await repo.updatePromotionRow(trx, giveaway.id, change);
    await recordPromotion(trx, actor, 'changed: no free cannabis', before, after);
    events.push(busEvent('promotion-updated', promotionFromRow(after)));
  }
  return events;
}

/** A licensee gives away only non-cannabis products. */
export const FREE_CANNABIS_REFUSED =
  'must be an accessory or other non-cannabis product: cannabis goods may not be given away free';

/**
 * The audit entry of a promotion change. The categories a promotion is limited to live in a
 * table of their own, so the entry compares the rows as the repo reads them, categories included.
 */
function recordPromotion(
  trx: Kysely<Database>,
  actor: Actor,
  action: string,
  before: PromotionRow | undefined,
  after: PromotionRow | undefined,
) {
  const entityId = (after ?? before)?.id ?? null;
  const changes = diffRows(before, after);
  return record(trx, { ...actor, action, entity: 'promotions', entityId, changes });
}

export async function createPromotion(
  db: Db,
  fields: PromotionFields,
  actor: Actor,
): Promise<Outcome<Promotion>> {
  const promotion = await savingCode(db, async (trx) => {
    await checkReferences(trx, fields);
    const row = await repo.insertPromotionRow(trx, { ...rowValues(fields), is_bogo50: 0 });
    await recordPromotion(trx, actor, 'created', undefined, row);
    return promotionFromRow(row);
  });
  return { value: promotion, events: [busEvent('promotion-created', promotion)] };
}

/** A transaction that saves a promotion's code, refused as taken when another save won it. */
function savingCode<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(work).catch(refuseTakenCode);
}

/** Two saves of one code at the same moment: the unique index refuses the second. */
function refuseTakenCode(error: unknown): never {
  if (isUniqueViolation(error))
    throw new HttpError(409, { error: DUPLICATE_PROMO_CODE, code: 'PROMO_CODE_TAKEN' });
  throw error;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function updatePromotion(
  db: Db,
  id: number,
  body: unknown,
  actor: Actor,
): Promise<Outcome<Promotion>> {
  const promotion = await savingCode(db, async (trx) => {
    const row = await repo.findPromotionRow(trx, id, db.dialect);
    if (!row) throw notFound('Promotion');
    const current = promotionFromRow(row);
    const fields = parseInput(
      promotionSchema,
      patchOver(current, body, PROMOTION_KEYS),
      'Invalid promotion',
    );
    if (current.isBogo50) {
      // The client may send the whole card back: only a changed value outside the editable set is refused.
      const changed = PROMOTION_KEYS.filter(
        (key) => !BOGO50_EDITABLE.has(key) && !sameValue(fields[key], current[key]),
      );
      if (changed.length > 0)
        throw new HttpError(400, { error: BOGO50_EDIT_REFUSED, code: 'BOGO50_EDIT_REFUSED' });
    } else {
      await checkReferences(trx, fields, current);
    }
    const values = current.isBogo50 ? bogo50Values(fields) : rowValues(fields);
    const updated = await repo.updatePromotionRow(trx, id, values);
    await recordPromotion(trx, actor, 'changed', row, updated);
    return promotionFromRow(updated);
  });
  return { value: promotion, events: [busEvent('promotion-updated', promotion)] };
}

export async function deletePromotion(db: Db, id: number, actor: Actor): Promise<Outcome<void>> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await repo.findPromotionRow(trx, id, db.dialect);
    if (!row) throw notFound('Promotion');
    if (row.is_bogo50)
      throw new HttpError(400, { error: BOGO50_DELETE_REFUSED, code: 'BOGO50_DELETE_REFUSED' });
    await repo.deletePromotionRow(trx, id);
    await recordPromotion(trx, actor, 'deleted', row, undefined);
  });
  return { value: undefined, events: [busEvent('promotion-deleted', { id })] };
}
