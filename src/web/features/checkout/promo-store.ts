/**
 * The promotion applied to the cart (spec §3 "Promotion applied"), kept in the browser
 * until the order is placed or the shopper removes it.
 */
import { DISCOUNT_TYPES } from '@shared/constants';
import type { AppliedPromotion } from '@shared/pricing';
import { toAppliedPromotion } from '@shared/promotions';
import { createStore, useStore } from '@web/lib/create-store';
import { readJson, removeStorage, writeJson } from '@web/lib/storage';
import type { ValidatedPromotion } from './api/validate-promo';

export const APPLIED_PROMO_KEY = 'appliedPromotion';

function isValidatedPromotion(value: unknown): value is ValidatedPromotion {
  if (!value || typeof value !== 'object') return false;
  const promo = value as Record<string, unknown>;
  return (
    typeof promo.promoCode === 'string' &&
    typeof promo.discountAmount === 'number' &&
    (DISCOUNT_TYPES as readonly unknown[]).includes(promo.discountType) &&
    Array.isArray(promo.applicableCategories)
  );
}

function load(): ValidatedPromotion | null {
  if (typeof window === 'undefined') return null;
  const stored = readJson<unknown>(APPLIED_PROMO_KEY);
  if (stored === undefined) return null;
  if (isValidatedPromotion(stored)) {
    return {
      ...stored,
      isBogo50: stored.isBogo50 === true,
      freebieProduct: stored.freebieProduct ?? null,
    };
  }
  removeStorage(APPLIED_PROMO_KEY);
  return null;
}

const promoStore = createStore<ValidatedPromotion | null>(load());

export function setAppliedPromotion(promotion: ValidatedPromotion | null): void {
  promoStore.set(promotion);
  if (promotion) writeJson(APPLIED_PROMO_KEY, promotion);
  else removeStorage(APPLIED_PROMO_KEY);
}

export function useAppliedPromotion(): ValidatedPromotion | null {
  return useStore(promoStore);
}

/** The pricing engine's view of the applied promotion. */
export function pricingPromotion(promotion: ValidatedPromotion | null): AppliedPromotion | null {
  if (!promotion) return null;
  return toAppliedPromotion({
    promoCode: promotion.promoCode,
    discountType: promotion.discountType,
    discountAmount: promotion.discountAmount,
    applicableCategories: promotion.applicableCategories,
    isBogo50: promotion.isBogo50,
    freebieProductId: promotion.freebieProduct?.id ?? null,
  });
}
