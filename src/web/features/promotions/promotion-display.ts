import { BOGO50_DEAL, type PromotionColor, WEEKDAYS } from '@shared/constants';
import { formatDollars } from '@shared/money';
import type { Promotion } from '@shared/schemas/promotions';

/** Colour of each promotion `color` value: a stripe, a soft wash and a swatch. */
export const PROMOTION_COLOR_STYLES: Record<
  PromotionColor,
  { stripe: string; wash: string; label: string }
> = {
  'rainbow-red': { stripe: 'bg-red-500', wash: 'from-red-500/15', label: 'Red' },
  'rainbow-orange': { stripe: 'bg-orange-500', wash: 'from-orange-500/15', label: 'Orange' },
  'rainbow-green': { stripe: 'bg-emerald-500', wash: 'from-emerald-500/15', label: 'Green' },
  'rainbow-blue': { stripe: 'bg-sky-500', wash: 'from-sky-500/15', label: 'Blue' },
  'rainbow-purple': { stripe: 'bg-violet-500', wash: 'from-violet-500/15', label: 'Purple' },
};

export const colorStyle = (color: string) =>
  PROMOTION_COLOR_STYLES[color as PromotionColor] ?? PROMOTION_COLOR_STYLES['rainbow-blue'];

export const weekdayShort = (day: string) => day.slice(0, 1).toUpperCase() + day.slice(1, 3);

export function validDaysText(days: readonly string[]): string {
  if (days.length === 0) return 'No valid days';
  if (WEEKDAYS.every((d) => days.includes(d))) return 'Every day';
  return WEEKDAYS.filter((d) => days.includes(d))
    .map(weekdayShort)
    .join(', ');
}

export function discountText(
  promo: Pick<Promotion, 'discountType' | 'discountAmount' | 'isBogo50'>,
  freebieName?: string,
): string {
  if (promo.isBogo50) return BOGO50_DEAL;
  if (promo.discountType === 'percentage') return `${promo.discountAmount}% off`;
  if (promo.discountType === 'freebie') return `Free item: ${freebieName ?? 'product'}`;
  return `${formatDollars(promo.discountAmount)} off`;
}
