import type { Kysely } from 'kysely';
import {
  isPromotionValidOn,
  normalizePromoCode,
  wrongDayMessage,
} from '../../../shared/promotions';
import type { CartItem } from '../../../shared/schemas/orders';
import type { Promotion } from '../../../shared/schemas/promotions';
import type { Database } from '../../db/schema';
import { productFromRow } from '../catalog/product-mapper';
import { findProductRow } from '../catalog/repo';
import { findCategoriesBySlug } from '../categories/repo';
import { currentRuleSet } from '../settings/service';
import { promotionFromRow } from './promotion-mapper';
import * as repo from './repo';

export const PROMO_NOT_VALID = 'This promo code is not valid';
export const BOGO50_NEEDS_TWO_OZ = 'Add at least 2 Oz products to your cart to use BOGO50';

export interface PromoCheckItem {
  id: number;
  quantity: CartItem['quantity'];
  count: number;
}

export type PromoCheck =
  | {
      valid: true;
      promo: Promotion;
      promotion: {
        promoCode: string;
        discountAmount: number;
        discountType: Promotion['discountType'];
        applicableCategories: string[];
        isBogo50: boolean;
        freebieProduct: {
          id: number;
          name: string;
          category: string;
          subcategory: string | null;
          price: number;
        } | null;
      };
    }
  | { valid: false; error: string; requiresOzItems?: true; applicableCategories?: string[] };

export async function findPromotionByCode(db: Kysely<Database>, code: string) {
  const row = await repo.findPromotionRowByCode(db, normalizePromoCode(code));
  return row && promotionFromRow(row);
}

/** Whether a code applies to a cart today, with the reason when it does not (spec §5, §8, §9). */
export async function checkPromotion(
  db: Kysely<Database>,
  code: string,
  items: readonly PromoCheckItem[],
  now = new Date(),
  /** the shop's time zone: the weekday a promotion is judged on is the shop's */
  timeZone?: string,
): Promise<PromoCheck> {
  const promo = await findPromotionByCode(db, code);
  if (!promo?.active || promo.validDays.length === 0)
    return { valid: false, error: PROMO_NOT_VALID };
  // active, but not on this weekday: say which days it is
  if (!isPromotionValidOn(promo, now, timeZone))
    return { valid: false, error: wrongDayMessage(promo) };

  if (promo.isBogo50) {
    const ozUnits = items.filter((i) => i.quantity === '1 Oz').reduce((sum, i) => sum + i.count, 0);
    if (ozUnits < 2) return { valid: false, requiresOzItems: true, error: BOGO50_NEEDS_TWO_OZ };
  }

  if (promo.applicableCategories.length > 0) {
    const ids = [...new Set(items.map((i) => i.id))];
    const products = await repo.findProductPlaces(db, ids);
    const wanted = promo.applicableCategories.map((c) => c.toLowerCase());
    const applies = products.some((p) =>
      [p.category, p.subcategory].some((slug) => slug && wanted.includes(slug.toLowerCase())),
    );
    if (!applies) {
      const names = await categoryNames(db, promo.applicableCategories);
      return {
        valid: false,
        applicableCategories: promo.applicableCategories,
        error: `This promo code only applies to: ${names.join(', ')}`,
      };
    }
  }

  let freebieProduct = null;
  if (promo.discountType === 'freebie') {
    const row = promo.freebieProductId
      ? await findProductRow(db, promo.freebieProductId)
      : undefined;
    if (!row) return { valid: false, error: PROMO_NOT_VALID };
    const product = productFromRow(row);
    // a licensee may not give cannabis away: such a freebie is no promotion here
    if (product.cannabis && (await currentRuleSet(db)).noFreeCannabis)
      return { valid: false, error: PROMO_NOT_VALID };
    freebieProduct = {
      id: product.id,
      name: product.name,
      category: product.category,
      subcategory: product.subcategory,
      price: 0,
    };
  }

  return {
    valid: true,
    promo,
    promotion: {
      promoCode: normalizePromoCode(promo.promoCode ?? code),
      discountAmount: promo.discountAmount,
      discountType: promo.discountType,
      applicableCategories: promo.applicableCategories,
      isBogo50: promo.isBogo50,
      freebieProduct,
    },
  };
}

async function categoryNames(db: Kysely<Database>, slugs: string[]): Promise<string[]> {
  const rows = await findCategoriesBySlug(db, slugs);
  return slugs.map((slug) => rows.find((r) => r.slug === slug)?.name ?? slug);
}
