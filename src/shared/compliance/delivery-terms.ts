/** A delivery's money terms; its own module so the pricing engine does not load the zone lookup. */
import { DELIVERY_FEE_CENTS, DELIVERY_MINIMUM_CENTS } from '../constants';

export interface DeliveryTerms {
  feeCents: number;
  minimumCents: number;
  freeDeliveryOverCents: number | null;
}

export const DEFAULT_DELIVERY_TERMS: DeliveryTerms = {
  feeCents: DELIVERY_FEE_CENTS,
  minimumCents: DELIVERY_MINIMUM_CENTS,
  freeDeliveryOverCents: null,
};
