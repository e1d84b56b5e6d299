import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from './compliance/delivery-terms';
import type { RuleSet } from './compliance/rule-set';
import {
  type OrderTaxes,
  orderTaxes,
  type ShopTaxRates,
  type TaxLine,
  totalTaxCents,
} from './compliance/taxes';
import {
  BOGO50_CODE,
  BOGO50_DEAL,
  BULK,
  BULK_PRICE,
  DEFAULT_TIER_MULTIPLIERS,
  type DiscountType,
  FLOWER_QUANTITIES,
  type FlowerQuantity,
  type OrderType,
  type QuantityLabel,
} from './constants';
import { formatCents, formatCentsShort, roundHalfUp, toCents, toDollars } from './money';
import { isFlowerQuantity, isSoldByWeight, type ProductKind } from './quantity';
import type { Bogo50Details, CartItem } from './schemas/orders';
import type { Product } from './schemas/products';

export type PricedProduct = Pick<
  Product,
  | 'category'
  | 'subcategory'
  | 'price'
  | 'salePrice'
  | 'priceQuarter'
  | 'salePriceQuarter'
  | 'priceHalf'
  | 'salePriceHalf'
  | 'priceOunce'
  | 'salePriceOunce'
> & { name?: string };

export interface TierPrice {
  regular: number;
  /** null when the size is not on sale */
  sale: number | null;
}

export type TierPrices = Record<FlowerQuantity, TierPrice>;

type DerivedTier = keyof typeof DEFAULT_TIER_MULTIPLIERS;

const TIER_FIELDS = {
  quarter: { label: '1/4 Oz', regular: 'priceQuarter', sale: 'salePriceQuarter' },
  half: { label: '1/2 Oz', regular: 'priceHalf', sale: 'salePriceHalf' },
  ounce: { label: '1 Oz', regular: 'priceOunce', sale: 'salePriceOunce' },
} as const satisfies Record<
  DerivedTier,
  { label: FlowerQuantity; regular: keyof PricedProduct; sale: keyof PricedProduct }
>;

function multiplyToDollars(dollars: number, multiplier: number): number {
  return toDollars(roundHalfUp(toCents(dollars) * multiplier));
}

export function defaultTierPrices(eighthPrice: number): {
  priceQuarter: number;
  priceHalf: number;
  priceOunce: number;
} {
  return {
    priceQuarter: multiplyToDollars(eighthPrice, DEFAULT_TIER_MULTIPLIERS.quarter),
    priceHalf: multiplyToDollars(eighthPrice, DEFAULT_TIER_MULTIPLIERS.half),
    priceOunce: multiplyToDollars(eighthPrice, DEFAULT_TIER_MULTIPLIERS.ounce),
  };
}

/** A price counts as set when it is a positive number; the product form stores 0 for "not set". */
function isSetPrice(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function tierPrice(product: PricedProduct, tier: DerivedTier): TierPrice {
  const fields = TIER_FIELDS[tier];
  const regular = product[fields.regular];
  const sale = product[fields.sale];
  if (isSetPrice(regular)) return { regular, sale: isSetPrice(sale) ? sale : null };
  // A derived size follows the 1/8 price, so its sale follows the 1/8 sale the same way.
  const multiplier = DEFAULT_TIER_MULTIPLIERS[tier];
  return {
    regular: multiplyToDollars(product.price, multiplier),
    sale: isSetPrice(product.salePrice) ? multiplyToDollars(product.salePrice, multiplier) : null,
  };
}

/**
 * The four flower sizes' prices in dollars. Quarter/half/ounce prices that are not set
 * default to 1.9/3.6/6.4 x the 1/8 price; such a derived size's sale price is derived from
 * `salePrice` with the same multiplier. An explicitly priced size uses only its own sale price.
 */
export function tierPrices(product: PricedProduct): TierPrices {
  return {
    '1/8 Oz': {
      regular: product.price,
      sale: isSetPrice(product.salePrice) ? product.salePrice : null,
    },
    '1/4 Oz': tierPrice(product, 'quarter'),
    '1/2 Oz': tierPrice(product, 'half'),
    '1 Oz': tierPrice(product, 'ounce'),
  };
}

function priceFor(product: PricedProduct, quantity: QuantityLabel): TierPrice {
  if (isSoldByWeight(product) && isFlowerQuantity(quantity)) return tierPrices(product)[quantity];
  return {
    regular: product.price,
    sale: isSetPrice(product.salePrice) ? product.salePrice : null,
  };
}

/** Dollars a cart line stores: sale if present, else regular; Bulk is BULK_PRICE (-1). */
export function unitPrice(product: PricedProduct, quantity: QuantityLabel): number {
  if (quantity === BULK) return BULK_PRICE;
  const { regular, sale } = priceFor(product, quantity);
  return sale ?? regular;
}

export function regularUnitPrice(product: PricedProduct, quantity: QuantityLabel): number {
  if (quantity === BULK) return BULK_PRICE;
  return priceFor(product, quantity).regular;
}

export function isOnSale(product: PricedProduct): boolean {
  return [
    product.salePrice,
    product.salePriceQuarter,
    product.salePriceHalf,
    product.salePriceOunce,
  ].some(isSetPrice);
}

/**
 * The sizes whose sale price is below their regular price: all four flower sizes checked
 * (a derived size follows the 1/8 sale), one entry `'1'` for a product sold per unit.
 */
export function sizesOnSale(product: PricedProduct): QuantityLabel[] {
  if (!isSoldByWeight(product)) {
    const { regular, sale } = priceFor(product, '1');
    return sale !== null && sale < regular ? ['1'] : [];
  }
  const tiers = tierPrices(product);
  return FLOWER_QUANTITIES.filter((q) => {
    const { regular, sale } = tiers[q];
    return sale !== null && sale < regular;
  });
}

/**
 * The sale mark a product shows: null when nothing is on sale, "ON SALE"
 * when every size is (or it is sold per unit), else the sizes that are: "1 Oz on sale", so a
 * shopper looking at the 1/8 price is not promised a discount it does not have.
 */
export function saleLabel(product: PricedProduct): string | null {
  const sizes = sizesOnSale(product);
  if (sizes.length === 0) return null;
  if (!isSoldByWeight(product) || sizes.length === FLOWER_QUANTITIES.length) return 'ON SALE';
  return `${sizes.join(', ')} on sale`;
}

export interface PricingLine {
  productId: number;
  category: string;
  subcategory?: string | null;
  quantity: QuantityLabel;
  count: number;
  /** null = Bulk or price -1 (to be determined) */
  unitPriceCents: number | null;
  /** the promotion's free item: one unit of the line's size is not charged (spec §9) */
  freebie?: boolean;
  /** false for accessories and merchandise (no excise); absent = cannabis */
  cannabis?: boolean;
}

export interface AppliedPromotion {
  promoCode: string;
  discountType: DiscountType;
  /** dollars for fixed, percent for percentage */
  discountAmount: number;
  applicableCategories: string[];
  isBogo50: boolean;
  freebieProductId?: number | null;
}

export interface TaxContext {
  ruleSet: RuleSet;
  /** the shop date whose rates apply */
  date: string;
  rates: ShopTaxRates;
}

export interface PriceCartInput {
  lines: PricingLine[];
  promotion: AppliedPromotion | null;
  orderType: OrderType;
  /** the delivery zone's fee, minimum and free-delivery threshold; default: the spec's */
  delivery?: DeliveryTerms;
  /** the rule set's taxes; omitted = no tax lines (the spec's totals) */
  tax?: TaxContext;
}

export interface Bogo50Pricing {
  ozItemsCount: number;
  /** sum of the 1 Oz units' prices before the discount */
  originalTotalCents: number;
  discountCents: number;
}

/** The BOGO50 part of an order as the API keeps it (spec §3 bogo50Details), in dollars. */
export function bogo50Details(bogo: Bogo50Pricing): Bogo50Details {
  return {
    ozItemsCount: bogo.ozItemsCount,
    originalTotal: toDollars(bogo.originalTotalCents),
    discountAmount: toDollars(bogo.discountCents),
    promotionText: `${BOGO50_CODE}: ${BOGO50_DEAL}`,
  };
}

/** Goods in two parts, as the taxes tell them apart. */
export interface GoodsParts {
  cannabisCents: number;
  /** accessories and merchandise */
  nonCannabisCents: number;
}

export interface CartPricing {
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
  /** the subtotal of the cannabis lines and of the others */
  subtotalParts: GoodsParts;
  /** goods after the discount, each part less its share of it (splitDiscount) */
  goodsParts: GoodsParts;
  /** the rule set's tax lines, in order; [] without one */
  taxes: TaxLine[];
  /** what each tax was levied on */
  taxBases: OrderTaxes['bases'];
  taxCents: number;
  /** subtotal - discount + fee + taxes */
  totalCents: number;
  eligibleSubtotalCents: number;
  /** the delivery minimum checked (the zone's or the spec's $50) */
  minimumCents: number;
  hasUnpricedItems: boolean;
  minimumApplies: boolean;
  /** true when the minimum does not apply, so `!minimumMet` alone means "block the order" */
  minimumMet: boolean;
  bogo50: Bogo50Pricing | null;
  lineTotalsCents: number[];
}

type LineAmounts = Pick<PricingLine, 'unitPriceCents' | 'quantity' | 'count' | 'freebie'>;

export const isCannabisLine = (line: Pick<PricingLine, 'cannabis'>) => line.cannabis !== false;

export function isUnpricedLine(line: LineAmounts): boolean {
  return line.quantity === BULK || line.unitPriceCents === null || line.unitPriceCents < 0;
}

/**
 * Flower sizes are priced per size; unit labels multiply by their number as well. A freebie
 * line gives exactly one unit of its size away (one 1/8 Oz or one item): the rest is charged.
 */
export function lineTotalCents(line: LineAmounts): number {
  if (isUnpricedLine(line)) return 0;
  const unit = line.unitPriceCents ?? 0;
  const units = isFlowerQuantity(line.quantity) ? line.count : Number(line.quantity) * line.count;
  const charged = line.freebie ? Math.max(0, units - 1) : units;
  return unit * charged;
}

/**
 * Spec §9: a freebie is one 1/8 Oz of flower (not prerolls) or one unit of anything else, so
 * only a line in that size can be the free one.
 */
export function isFreebieSize(product: ProductKind, quantity: QuantityLabel): boolean {
  if (quantity === BULK) return false;
  return isSoldByWeight(product) ? quantity === '1/8 Oz' : !isFlowerQuantity(quantity);
}

type FreebieCandidate = Pick<CartItem, 'id' | 'price' | 'quantity'>;

/**
 * Which cart line the promotion gives away: the first line of the freebie product the
 * shopper marked free (price 0) in the freebie's size; -1 when none. Any other price-0
 * line is charged at its normal price.
 */
export function freebieLineIndex(
  items: readonly FreebieCandidate[],
  freebieProductId: number | null | undefined,
  productOf: (id: number) => ProductKind | undefined,
): number {
  if (freebieProductId == null) return -1;
  return items.findIndex((item) => {
    const product = item.id === freebieProductId ? productOf(item.id) : undefined;
    return item.price === 0 && product !== undefined && isFreebieSize(product, item.quantity);
  });
}

export type CatalogProduct = PricedProduct & ProductKind & Partial<Pick<Product, 'cannabis'>>;

/**
 * The engine's lines for a stored cart, as the server prices an order: the freebie line at
 * its normal price with one unit free, every other line at the price it stores.
 */
export function cartPricingLines(
  items: readonly Pick<CartItem, 'id' | 'price' | 'quantity' | 'count'>[],
  productOf: (id: number) => CatalogProduct | undefined,
  freebieProductId: number | null | undefined,
): PricingLine[] {
  const freeIndex = freebieLineIndex(items, freebieProductId, productOf);
  return items.map((item, index) => {
    const product = productOf(item.id);
    const kind = {
      category: product?.category ?? '',
      subcategory: product?.subcategory ?? null,
      cannabis: product?.cannabis ?? true,
    };
    if (index !== freeIndex || !product) return toPricingLine(item, kind);
    const price = unitPrice(product, item.quantity);
    return { ...toPricingLine({ ...item, price }, kind), freebie: true };
  });
}

function normalizedSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

export function isLineEligible(
  line: Pick<PricingLine, 'category' | 'subcategory'>,
  applicableCategories: readonly string[],
): boolean {
  if (applicableCategories.length === 0) return true;
  const wanted = applicableCategories.map(normalizedSlug);
  const own = [line.category, line.subcategory].filter((s): s is string => !!s);
  return own.some((slug) => wanted.includes(normalizedSlug(slug)));
}

/** Units sorted ascending and paired (0,1),(2,3)...; half of each pair's cheaper unit. */
export function bogo50DiscountCents(ozUnitPricesCents: number[]): number {
  const sorted = [...ozUnitPricesCents].sort((a, b) => a - b);
  let discount = 0;
  for (let i = 0; i + 1 < sorted.length; i += 2) discount += roundHalfUp(sorted[i] / 2);
  return discount;
}

export function ozUnitPricesCents(lines: readonly PricingLine[]): number[] {
  return lines
    .filter((line) => line.quantity === '1 Oz' && !isUnpricedLine(line))
    .flatMap((line) => Array.from({ length: line.count }, () => line.unitPriceCents ?? 0));
}

/** Spec §9: with exactly one 1 Oz unit in the cart the BOGO50 hint shows. */
export function showsBogo50Hint(
  lines: readonly Pick<PricingLine, 'quantity' | 'count'>[],
): boolean {
  return sum(lines.filter((line) => line.quantity === '1 Oz').map((line) => line.count)) === 1;
}

function bogo50Pricing(lines: readonly PricingLine[]): Bogo50Pricing {
  const units = ozUnitPricesCents(lines);
  return {
    ozItemsCount: units.length,
    originalTotalCents: units.reduce((sum, cents) => sum + cents, 0),
    discountCents: bogo50DiscountCents(units),
  };
}

function promotionDiscountCents(promotion: AppliedPromotion, eligibleCents: number): number {
  switch (promotion.discountType) {
    case 'percentage':
      return roundHalfUp((eligibleCents * promotion.discountAmount) / 100);
    case 'fixed':
      return toCents(promotion.discountAmount);
    case 'freebie':
      return 0;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Pickup is free; a delivery pays its terms' fee unless its goods reach the free-delivery threshold. */
export function deliveryFeeCents(
  orderType: OrderType,
  goodsCents = 0,
  terms: DeliveryTerms = DEFAULT_DELIVERY_TERMS,
): number {
  if (orderType === 'pickup') return 0;
  const free = terms.freeDeliveryOverCents !== null && goodsCents >= terms.freeDeliveryOverCents;
  return free ? 0 : terms.feeCents;
}

/** Totals of the cannabis lines and of the others. */
export function goodsPartsOf(
  lines: readonly (LineAmounts & Pick<PricingLine, 'cannabis'>)[],
): GoodsParts {
  const parts = { cannabisCents: 0, nonCannabisCents: 0 };
  for (const line of lines) {
    if (isCannabisLine(line)) parts.cannabisCents += lineTotalCents(line);
    else parts.nonCannabisCents += lineTotalCents(line);
  }
  return parts;
}

/**
 * The discount's share of the cannabis and of the other goods: pro rata to the
 * eligible lines' totals of each part. The smaller part's share is rounded half up to the
 * cent and the larger part (cannabis on a tie) takes the rest, so the shares add up to the
 * discount exactly and neither passes its part's total.
 */
export function splitDiscount(discountCents: number, eligible: GoodsParts): GoodsParts {
  const { cannabisCents, nonCannabisCents } = eligible;
  const total = cannabisCents + nonCannabisCents;
  if (total <= 0) return { cannabisCents: 0, nonCannabisCents: 0 };
  const share = (part: number) => Math.floor((2 * discountCents * part + total) / (2 * total));
  if (cannabisCents >= nonCannabisCents) {
    const other = share(nonCannabisCents);
    return { cannabisCents: discountCents - other, nonCannabisCents: other };
  }
  const cannabis = share(cannabisCents);
  return { cannabisCents: cannabis, nonCannabisCents: discountCents - cannabis };
}

/** Goods after the discount: each part less its share of it. */
export function discountedGoods(
  subtotal: GoodsParts,
  eligible: GoodsParts,
  discountCents: number,
): GoodsParts {
  const share = splitDiscount(discountCents, eligible);
  return {
    cannabisCents: subtotal.cannabisCents - share.cannabisCents,
    nonCannabisCents: subtotal.nonCannabisCents - share.nonCannabisCents,
  };
}

/**
 * Every money rule of spec §9 in one place. A BOGO50 promotion replaces the type-based
 * discount; BOGO50 and category limits both look only at eligible lines.
 */
export function priceCart({
  lines,
  promotion,
  orderType,
  delivery = DEFAULT_DELIVERY_TERMS,
  tax,
}: PriceCartInput): CartPricing {
  const lineTotalsCents = lines.map(lineTotalCents);
  const subtotalCents = sum(lineTotalsCents);
  const eligibleLines = lines.filter((line) =>
    isLineEligible(line, promotion?.applicableCategories ?? []),
  );
  const eligibleSubtotalCents = sum(eligibleLines.map(lineTotalCents));
  const bogo50 = promotion?.isBogo50 ? bogo50Pricing(eligibleLines) : null;
  const rawDiscount = bogo50
    ? bogo50.discountCents
    : promotion
      ? promotionDiscountCents(promotion, eligibleSubtotalCents)
      : 0;
  const discountCents = clamp(rawDiscount, 0, eligibleSubtotalCents);
  const goodsCents = subtotalCents - discountCents;
  const subtotalParts = goodsPartsOf(lines);
  const goodsParts = discountedGoods(subtotalParts, goodsPartsOf(eligibleLines), discountCents);
  const feeCents = deliveryFeeCents(orderType, goodsCents, delivery);
  const hasUnpricedItems = lines.some(isUnpricedLine);
  const minimumApplies = orderType !== 'pickup' && !hasUnpricedItems;
  const minimumMet = !minimumApplies || goodsCents >= delivery.minimumCents;
  const taxed = tax ? taxesOf(tax, goodsParts, feeCents) : { lines: [], bases: {} };
  const taxCents = totalTaxCents(taxed.lines);
  return {
    subtotalCents,
    discountCents,
    feeCents,
    subtotalParts,
    goodsParts,
    taxes: taxed.lines,
    taxBases: taxed.bases,
    taxCents,
    totalCents: Math.max(0, goodsCents + feeCents) + taxCents,
    eligibleSubtotalCents,
    minimumCents: delivery.minimumCents,
    hasUnpricedItems,
    minimumApplies,
    minimumMet,
    bogo50,
    lineTotalsCents,
  };
}

/** The rule set's taxes on goods in two parts and a delivery fee. */
export function taxesOf(tax: TaxContext, goods: GoodsParts, feeCents: number): OrderTaxes {
  const base = {
    date: tax.date,
    cannabisGoodsCents: goods.cannabisCents,
    nonCannabisGoodsCents: goods.nonCannabisCents,
    feeCents,
  };
  return orderTaxes(tax.ruleSet, base, tax.rates);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * `amountCents` is the amount the minimum was checked against (subtotal - discount). Whole
 * dollars print without cents, as the spec's "$50".
 */
export function minimumOrderMessage(
  amountCents: number,
  minimumCents = DEFAULT_DELIVERY_TERMS.minimumCents,
): string {
  return `Delivery orders require a minimum of ${formatCentsShort(minimumCents)}. Your current total is ${formatCents(amountCents)}.`;
}

/** A stored cart line (dollars, -1 = Bulk/TBD) as the engine's pricing line. */
export function toPricingLine(
  item: Pick<CartItem, 'id' | 'price' | 'quantity' | 'count'>,
  product: { category: string; subcategory: string | null; cannabis?: boolean },
): PricingLine {
  const unpriced = item.quantity === BULK || item.price < 0;
  return {
    productId: item.id,
    category: product.category,
    subcategory: product.subcategory,
    quantity: item.quantity,
    count: item.count,
    unitPriceCents: unpriced ? null : toCents(item.price),
    cannabis: product.cannabis ?? true,
  };
}
