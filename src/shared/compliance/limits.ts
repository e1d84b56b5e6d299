/**
 * Daily purchase limits: how much of each limited kind a cart holds, and what is
 * left of the rule set's limits once the customer's earlier orders of the shop day count.
 * Grams are summed as integer milligrams so 3.5 + 28 is exactly 31.5.
 */
import { BULK, GRAMS_PER_QUANTITY, type QuantityLabel } from '../constants';
import { isFlowerQuantity, isSoldByWeight, type ProductKind } from '../quantity';
import { isEffectiveOn, type LimitKind, type PurchaseLimit, type RuleSet } from './rule-set';

export interface LimitedProduct extends ProductKind {
  /** false for accessories and merchandise: they count toward no limit; absent = cannabis */
  cannabis?: boolean;
  /** non-concentrated cannabis per unit (products sold per unit) */
  cannabisGrams?: number | null;
  /** concentrated cannabis per unit */
  concentrateGrams?: number | null;
}

export type GramsByKind = Record<LimitKind, number>;

export const NO_GRAMS: GramsByKind = { cannabis: 0, concentrate: 0 };

const toMg = (grams: number) => Math.round(grams * 1000);
const fromMg = (mg: number) => mg / 1000;

/**
 * What one cart or order line counts toward the limits: nothing for a product that is not
 * cannabis; flower sold by weight counts its size's grams (spec gram table); anything else
 * counts its per-unit grams times the units. Null for Bulk, whose amount is agreed later.
 */
export function lineGrams(
  product: LimitedProduct,
  quantity: QuantityLabel,
  count: number,
): GramsByKind | null {
  if (product.cannabis === false) return NO_GRAMS;
  if (quantity === BULK) return null;
  if (isSoldByWeight(product) && isFlowerQuantity(quantity)) {
    return { cannabis: GRAMS_PER_QUANTITY[quantity] * count, concentrate: 0 };
  }
  const units = isFlowerQuantity(quantity) ? count : Number(quantity) * count;
  return {
    cannabis: fromMg(toMg(product.cannabisGrams ?? 0) * units),
    concentrate: fromMg(toMg(product.concentrateGrams ?? 0) * units),
  };
}

/**
 * What a shopper's own orders count toward the limits on a sale day: the
 * grams each order keeps (a voided order keeps none, a returned sale keeps its own). The cart's
 * meter reads it from the shopper's orders, as the server counts them at placement.
 */
export function gramsCountedOn(
  orders: readonly {
    saleDate: string | null;
    cannabisGrams: number;
    concentrateGrams: number;
  }[],
  saleDate: string,
): GramsByKind {
  const day = orders.filter((order) => order.saleDate === saleDate);
  return addGrams(
    NO_GRAMS,
    ...day.map((order) => ({ cannabis: order.cannabisGrams, concentrate: order.concentrateGrams })),
  );
}

export function addGrams(...amounts: GramsByKind[]): GramsByKind {
  const total = (kind: LimitKind) => fromMg(amounts.reduce((mg, a) => mg + toMg(a[kind]), 0));
  return { cannabis: total('cannabis'), concentrate: total('concentrate') };
}

export interface CartGrams {
  grams: GramsByKind;
  /** a Bulk line of a product that counts toward a limit: its amount is not known yet */
  limitedBulk: boolean;
}

export function cartGrams(
  lines: readonly { product: LimitedProduct; quantity: QuantityLabel; count: number }[],
): CartGrams {
  const known: GramsByKind[] = [];
  let limitedBulk = false;
  for (const line of lines) {
    const grams = lineGrams(line.product, line.quantity, line.count);
    if (grams) known.push(grams);
    else limitedBulk ||= countsTowardLimits(line.product);
  }
  return { grams: addGrams(NO_GRAMS, ...known), limitedBulk };
}

/**
 * Flower by weight always counts; other cannabis products when the dealer entered their
 * grams; accessories and merchandise never.
 */
export function countsTowardLimits(product: LimitedProduct): boolean {
  if (product.cannabis === false) return false;
  return (
    isSoldByWeight(product) ||
    (product.cannabisGrams ?? 0) > 0 ||
    (product.concentrateGrams ?? 0) > 0
  );
}

/**
 * Whether Bulk is offered for this product: not for a product that counts
 * toward a limit where the rule set sells cannabis by stated weight only, since a Bulk amount
 * is unknown until agreed and the order would be refused at Place Order.
 */
export function bulkOffered(
  product: LimitedProduct,
  shop: { bulkOfLimitedProducts: boolean },
): boolean {
  return shop.bulkOfLimitedProducts || !countsTowardLimits(product);
}

/**
 * Where a rule set has cannabis products state their grams, why this product
 * cannot be saved or sold as it is; null when it can. Flower sold by weight counts its size.
 */
export function missingGramsProblem(
  product: LimitedProduct,
  ruleSet: Pick<RuleSet, 'cannabisProducts'>,
): string | null {
  if (!ruleSet.cannabisProducts || product.cannabis === false || countsTowardLimits(product))
    return null;
  return 'must be above 0 (or the concentrate grams): under these rules a cannabis product states what one unit counts toward the daily limit';
}

export interface LimitStatus {
  kind: LimitKind;
  label: string;
  limitGrams: number;
  /** counted in the customer's earlier orders of the shop day */
  earlierGrams: number;
  cartGrams: number;
  /** limit - earlier - cart; negative when over */
  remainingGrams: number;
  over: boolean;
  source: string;
}

export function limitsOn(ruleSet: RuleSet, shopDate: string): PurchaseLimit[] {
  return ruleSet.purchaseLimits.filter((limit) => isEffectiveOn(limit, shopDate));
}

/** One status per limit in force on the shop date (none for a rule set without limits). */
export function purchaseLimitStatus(
  ruleSet: RuleSet,
  shopDate: string,
  cart: GramsByKind,
  earlier: GramsByKind = NO_GRAMS,
): LimitStatus[] {
  return limitsOn(ruleSet, shopDate).map((limit) => {
    const remainingMg = toMg(limit.grams) - toMg(earlier[limit.kind]) - toMg(cart[limit.kind]);
    return {
      kind: limit.kind,
      label: limit.label,
      limitGrams: limit.grams,
      earlierGrams: earlier[limit.kind],
      cartGrams: cart[limit.kind],
      remainingGrams: fromMg(remainingMg),
      over: remainingMg < 0,
      source: limit.source,
    };
  });
}

export function formatGrams(grams: number): string {
  return `${Number(grams.toFixed(3))} g`;
}

/** "10.5 g of flower left today" */
export function limitLeftText(status: LimitStatus): string {
  return `${formatGrams(Math.max(0, status.remainingGrams))} of ${status.label} left today`;
}

/**
 * Why an add or an order is refused: the limit, what the cart would make it, what is left on
 * the day the goods change hands ("today", or "on 2026-11-28" for a scheduled order).
 */
export function limitExceededMessage(status: LimitStatus, day = 'today'): string {
  const left = Math.max(0, status.limitGrams - status.earlierGrams);
  return `Daily limit reached: you can buy up to ${formatGrams(status.limitGrams)} of ${status.label} per day, and ${formatGrams(left)} is left ${day}.`;
}

/**
 * An order over the limit only with other shoppers' orders under the same phone: the refusal
 * does not tell how much that number bought.
 */
export function sharedPhoneOverLimitMessage(day = 'today'): string {
  return day === 'today'
    ? "This order is over today's purchase limit."
    : `This order is over the purchase limit ${day}.`;
}

/**
 * Anti-"looping" at the door: the same ID across orders placed under other
 * phones or browsers still gets only the day's limit. Null when this order fits.
 */
export function idOverLimitReason(
  ruleSet: RuleSet,
  shopDate: string,
  order: GramsByKind,
  earlierForId: GramsByKind,
): string | null {
  const over = purchaseLimitStatus(ruleSet, shopDate, order, earlierForId).find((s) => s.over);
  if (!over) return null;
  return `This ID already had ${formatGrams(over.earlierGrams)} of ${over.label} today; with this order it would pass the ${formatGrams(over.limitGrams)} daily limit`;
}

export const BULK_OVER_LIMITS_MESSAGE =
  'Bulk amounts of limited products can’t be ordered online under the daily purchase limits. Please choose a size, or call us.';

/**
 * Who the limits count for, beside the shopper cookie: the phone number's digits, without a
 * leading US country code, so "(415) 555-0101" and "+1 415 555 0101" are one customer.
 */
export function customerKeyOf(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= 7 ? national : null;
}
