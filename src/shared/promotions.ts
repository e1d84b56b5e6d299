import { BOGO50_CODE, WEEKDAYS, type Weekday } from './constants';
import type { AppliedPromotion } from './pricing';
import { isSoldByWeight, type ProductKind } from './quantity';
import type { Promotion } from './types';

/** Lowercase weekday name in local time. */
export function weekdayOf(date: Date): Weekday {
  // getDay() counts from Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(date.getDay() + 6) % 7];
}

/**
 * Active and valid on the date's weekday. No valid days means never: the dealer is warned
 * that such a promotion "will not be active", so the banner, validate-promo and placement
 * must not honour it (spec §4 says both; issue 15 settles it; see docs/decisions/008).
 */
export function isPromotionValidOn(
  promo: { active: boolean; validDays: readonly string[] },
  date: Date,
): boolean {
  const today = weekdayOf(date);
  return promo.active && promo.validDays.some((day) => day.trim().toLowerCase() === today);
}

/** Promotions for the storefront banner: active, valid today, by displayOrder. */
export function promotionsForBanner<
  P extends Pick<Promotion, 'active' | 'validDays' | 'displayOrder'>,
>(promos: readonly P[], now: Date): P[] {
  return promos
    .filter((promo) => isPromotionValidOn(promo, now))
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isBogo50Code(code: string): boolean {
  return normalizePromoCode(code) === BOGO50_CODE;
}

export function freebieQuantity(product: ProductKind): '1/8 Oz' | '1' {
  return isSoldByWeight(product) ? '1/8 Oz' : '1';
}

/** The pricing engine's view of a stored promotion. */
export function toAppliedPromotion(
  promo: Pick<
    Promotion,
    | 'promoCode'
    | 'discountType'
    | 'discountAmount'
    | 'applicableCategories'
    | 'isBogo50'
    | 'freebieProductId'
  >,
): AppliedPromotion {
  return {
    promoCode: normalizePromoCode(promo.promoCode ?? ''),
    discountType: promo.discountType,
    discountAmount: promo.discountAmount,
    applicableCategories: promo.applicableCategories,
    isBogo50: promo.isBogo50 || isBogo50Code(promo.promoCode ?? ''),
    freebieProductId: promo.freebieProductId,
  };
}
