import { BOGO50_CODE, WEEKDAYS, type Weekday } from './constants';
import type { AppliedPromotion } from './pricing';
import { isSoldByWeight, type ProductKind } from './quantity';
import type { Promotion } from './schemas/promotions';
import { shopClock } from './shop-clock';

/**
 * Lowercase weekday name of `date` in `timeZone` (the shop's, SHOP_TIMEZONE), or in the
 * runtime's own zone when none is given.
 */
export function weekdayOf(date: Date, timeZone?: string): Weekday {
  // getDay() counts from Sunday; WEEKDAYS starts on Monday.
  if (!timeZone) return WEEKDAYS[(date.getDay() + 6) % 7];
  const [year, month, day] = shopClock(date, timeZone).date.split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7];
}

/**
 * Active and valid on the date's weekday. No valid days means never: the dealer is warned
 * that such a promotion "will not be active", so the banner, validate-promo and placement
 * must not honour it (spec §4 says both; docs/decisions/008 settles it).
 */
export function isPromotionValidOn(
  promo: { active: boolean; validDays: readonly string[] },
  date: Date,
  timeZone?: string,
): boolean {
  const today = weekdayOf(date, timeZone);
  return promo.active && promo.validDays.some((day) => day.trim().toLowerCase() === today);
}

const shortDay = (day: Weekday) => day.slice(0, 1).toUpperCase() + day.slice(1, 3);

/**
 * The valid days in a few letters, Monday first, runs of neighbouring days joined by a dash:
 * "Sat-Sun", "Mon-Fri", "Mon, Wed, Fri", "Every day".
 */
export function validDaysSummary(validDays: readonly string[]): string {
  const days = new Set(validDays.map((day) => day.trim().toLowerCase()));
  const chosen = WEEKDAYS.filter((day) => days.has(day));
  if (chosen.length === WEEKDAYS.length) return 'Every day';
  const runs: Weekday[][] = [];
  for (const day of chosen) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && WEEKDAYS.indexOf(day) === WEEKDAYS.indexOf(previous) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length === 1 ? shortDay(run[0]) : `${shortDay(run[0])}-${shortDay(run[run.length - 1])}`,
    )
    .join(', ');
}

/** Why an active promotion does not apply today: the days it does ("WEEKEND15 is valid Sat-Sun only"). */
export function wrongDayMessage(promo: { promoCode: string | null; validDays: readonly string[] }) {
  return `${normalizePromoCode(promo.promoCode ?? '')} is valid ${validDaysSummary(promo.validDays)} only`;
}

/** Promotions for the storefront banner: active, valid today in the shop's zone, by displayOrder. */
export function promotionsForBanner<
  P extends Pick<Promotion, 'active' | 'validDays' | 'displayOrder'>,
>(promos: readonly P[], now: Date, timeZone?: string): P[] {
  return promos
    .filter((promo) => isPromotionValidOn(promo, now, timeZone))
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
