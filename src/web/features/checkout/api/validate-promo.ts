import type { DiscountType } from '@shared/constants';
import type { CartItem } from '@shared/schemas/orders';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '@web/lib/api-client';

export interface FreebieProduct {
  id: number;
  name: string;
  category: string;
  subcategory: string | null;
  price?: number;
}

/** The promotion the server validated (spec §3 "Promotion applied"). */
export interface ValidatedPromotion {
  promoCode: string;
  discountAmount: number;
  discountType: DiscountType;
  applicableCategories: string[];
  isBogo50: boolean;
  freebieProduct: FreebieProduct | null;
}

export type ValidatePromoAnswer =
  | { valid: true; promotion: ValidatedPromotion }
  | { valid: false; error?: string; requiresOzItems?: boolean; applicableCategories?: string[] };

export function validatePromo(input: {
  promoCode: string;
  cartItems: readonly CartItem[];
}): Promise<ValidatePromoAnswer> {
  return postJson<ValidatePromoAnswer>('/api/validate-promo', input);
}

export function useValidatePromo() {
  return useMutation({ mutationFn: validatePromo });
}
