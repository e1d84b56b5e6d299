/**
 * The browser's order-placement checks (spec §5 "Order placement checks in this order")
 * and the body sent to POST /api/orders/simple. Money comes from the shared engine only.
 */

import { type LimitStatus, limitExceededMessage } from '@shared/compliance/limits';
import type { RuleSet } from '@shared/compliance/rule-set';
import { RULE_SETS } from '@shared/compliance/rule-sets';
import {
  addressProblem,
  outsideDeliveryAreaMessage,
  type ZoneLookup,
} from '@shared/compliance/zones';
import { type OrderType, PICKUP_ADDRESS } from '@shared/constants';
import { toDollars } from '@shared/money';
import {
  bogo50Details,
  type CartPricing,
  cartPricingLines,
  minimumOrderMessage,
  type PricingLine,
} from '@shared/pricing';
import { isSoldByWeight } from '@shared/quantity';
import {
  type CartItem,
  customerDetailsSchema,
  type OrderPlacementInput,
} from '@shared/schemas/orders';
import type { Product } from '@shared/schemas/products';
import { stockShortfalls } from '@shared/stock-shortfall';
import { labelledSentence } from '@web/lib/form-errors';
import type { ValidatedPromotion } from './api/validate-promo';
import type { ContactDetails } from './profile';

export type DeliveryMode = 'same-day' | 'scheduled' | 'pickup';

export interface DeliveryChoice {
  mode: DeliveryMode;
  /** YYYY-MM-DD, only meaningful in the scheduled mode */
  date: string | null;
  timeWindow: string | null;
}

/** Spec §4: a schedule exists only when both date and window are chosen. */
export function orderTypeFor(choice: DeliveryChoice): OrderType {
  if (choice.mode === 'pickup') return 'pickup';
  if (choice.mode === 'scheduled' && choice.date && choice.timeWindow) return 'scheduled';
  return 'delivery';
}

/**
 * Pricing lines for the cart, built by the same shared rule the server prices an order with
 * (the freebie line: one unit free, the rest at the normal price).
 */
export function pricingLines(
  cart: readonly CartItem[],
  products: readonly Product[] | undefined,
  freebieProductId: number | null = null,
): PricingLine[] {
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  return cartPricingLines(cart, (id) => byId.get(id), freebieProductId);
}

export interface CartShortfall {
  name: string;
  requested: number;
  available: number;
  unit: 'g' | 'units';
}

/** Cart lines the stock cannot cover (the checkout's own rule, flavor stock included). */
export function cartShortfalls(
  cart: readonly CartItem[],
  products: readonly Product[] | undefined,
): CartShortfall[] {
  if (!products) return [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const claims = cart
    .filter((line) => byId.has(line.id))
    .map((line) => ({ ...line, productId: line.id }));
  return stockShortfalls(claims, (id) => byId.get(id)).map(({ claim, needed, left }) => {
    const product = byId.get(claim.productId)!;
    return {
      name: product.name,
      requested: needed,
      available: left,
      unit: isSoldByWeight(product) ? 'g' : 'units',
    };
  });
}

export interface PlacementProblem {
  title: string;
  description: string;
  /** the form field to fix, focused for the shopper */
  field?: 'name' | 'phone' | 'address' | 'postalCode' | 'timeWindow' | 'deliveryMode';
}

/** Scheduled is a choice of its own: without a window it never becomes a same-day order. */
export const CHOOSE_WINDOW: PlacementProblem = {
  title: 'Choose a delivery window',
  description: 'Pick a time window for your scheduled delivery, or choose Same-Day.',
  field: 'timeWindow',
};

export function placementProblem(input: {
  cart: readonly CartItem[];
  products: readonly Product[] | undefined;
  details: ContactDetails;
  /** the tab chosen: a Scheduled tab without a window is not an order type yet */
  choice?: DeliveryChoice;
  /** why same-day delivery is not taken now (legal hours, a closed day); null when it is */
  sameDayClosed?: string | null;
  orderType: OrderType;
  pricing: CartPricing;
  /** the delivery zone of the address; omitted = anywhere */
  zone?: ZoneLookup;
  /** the cart against the rule set's daily limits; omitted = none */
  limits?: readonly LimitStatus[];
}): PlacementProblem | null {
  const { cart, products, details, orderType, pricing } = input;
  if (cart.length === 0) {
    return {
      title: 'Your cart is empty',
      description: 'Your cart is empty. Add some items before placing an order.',
    };
  }
  const shortfalls = cartShortfalls(cart, products);
  if (shortfalls.length > 0) {
    return {
      title: 'Not enough inventory',
      description: `Not enough stock for: ${shortfalls
        .map(
          (s) =>
            `${s.name} (requested: ${s.requested} ${s.unit}, available: ${s.available} ${s.unit})`,
        )
        .join(', ')}`,
    };
  }
  if (!details.name.trim()) {
    return {
      title: 'Missing information',
      description: 'Please enter your name to place an order.',
      field: 'name',
    };
  }
  if (!details.phone.trim()) {
    return {
      title: 'Missing information',
      description: 'Please enter your phone number to place an order.',
      field: 'phone',
    };
  }
  if (orderType !== 'pickup' && !details.address.trim()) {
    return {
      title: 'Missing information',
      description: 'Please enter your address for delivery.',
      field: 'address',
    };
  }
  if (input.choice?.mode === 'scheduled' && orderType !== 'scheduled') return CHOOSE_WINDOW;
  if (input.choice?.mode === 'same-day' && input.sameDayClosed) {
    return {
      title: 'Same-day delivery is closed',
      description: input.sameDayClosed,
      field: 'deliveryMode',
    };
  }
  if (input.zone?.kind === 'outside') {
    return {
      title: 'Outside our delivery area',
      description: outsideDeliveryAreaMessage(input.zone.postalCode),
      field: 'postalCode',
    };
  }
  if (!pricing.minimumMet) {
    return {
      title: 'Minimum order not met',
      description: minimumOrderMessage(
        pricing.subtotalCents - pricing.discountCents,
        pricing.minimumCents,
      ),
    };
  }
  const over = input.limits?.find((status) => status.over);
  if (over) return { title: 'Daily limit reached', description: limitExceededMessage(over) };
  return null;
}

/** The cart's lines with their products, as the limits engine counts them. */
export function limitedLines(cart: readonly CartItem[], products: readonly Product[] | undefined) {
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  return cart.flatMap((item) => {
    const product = byId.get(item.id);
    return product ? [{ product, quantity: item.quantity, count: item.count }] : [];
  });
}

export function orderPayload(input: {
  cart: readonly CartItem[];
  details: ContactDetails;
  choice: DeliveryChoice;
  pricing: CartPricing;
  promotion: ValidatedPromotion | null;
}): OrderPlacementInput {
  const { cart, details, choice, pricing, promotion } = input;
  const orderType = orderTypeFor(choice);
  const email = details.email.trim();
  const notes = details.deliveryNotes.trim();
  const postalCode = orderType === 'pickup' ? '' : details.postalCode.trim();
  const bogo = pricing.bogo50;
  return {
    customer: details.name.trim(),
    address: orderType === 'pickup' ? PICKUP_ADDRESS : details.address.trim(),
    phone: details.phone.trim(),
    email: email || null,
    items: cart.map((item) => ({ ...item })),
    total: toDollars(pricing.totalCents),
    deliveryFee: toDollars(pricing.feeCents),
    promoCode: promotion?.promoCode ?? null,
    discountAmount: toDollars(pricing.discountCents),
    ...(bogo && bogo.discountCents > 0
      ? {
          bogo50Details: bogo50Details(bogo),
        }
      : {}),
    orderType,
    deliveryDate: orderType === 'scheduled' ? choice.date : null,
    deliveryTimeWindow: orderType === 'scheduled' ? choice.timeWindow : null,
    deliveryNotes: notes || null,
    ...(postalCode ? { postalCode } : {}),
  };
}

export type DetailErrors = Partial<Record<keyof ContactDetails, string>>;

const DETAIL_FIELDS: Record<string, keyof ContactDetails> = {
  customer: 'name',
  address: 'address',
  postalCode: 'postalCode',
  phone: 'phone',
  email: 'email',
  deliveryNotes: 'deliveryNotes',
};
const detailSentence = labelledSentence({
  customer: 'Name',
  address: 'Address',
  postalCode: 'Postal code',
  phone: 'Phone',
  email: 'Email',
  deliveryNotes: 'Notes',
});

/**
 * The details card judged by the order's own schema (length limits, a valid email): what
 * the server would refuse, said under the field before the order is sent.
 */
export function detailErrors(
  details: ContactDetails,
  orderType: OrderType,
  ruleSet: Pick<RuleSet, 'deliveryState'> = RULE_SETS.none,
): DetailErrors {
  const result = customerDetailsSchema.safeParse({
    customer: details.name,
    address: orderType === 'pickup' ? PICKUP_ADDRESS : details.address,
    postalCode: orderType === 'pickup' ? null : details.postalCode,
    phone: details.phone,
    email: details.email,
    deliveryNotes: details.deliveryNotes,
  });
  const errors: DetailErrors = {};
  const address =
    orderType === 'pickup' ? null : addressProblem(details.address, details.postalCode, ruleSet);
  // the address rules of the rule set, said under the field as the server would
  if (address && details.address.trim())
    errors[address.path] = detailSentence(address.path, address.message);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = String(issue.path[0] ?? '');
    const field = DETAIL_FIELDS[path];
    if (field && !errors[field]) errors[field] = detailSentence(path, issue.message);
  }
  return errors;
}
