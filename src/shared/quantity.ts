import {
  BULK,
  FLOWER_CATEGORY_SLUG,
  FLOWER_QUANTITIES,
  type FlowerQuantity,
  GRAMS_PER_QUANTITY,
  LOW_STOCK_BELOW,
  QUANTITY_OPTIONS,
  type QuantityLabel,
  STOCK_COLOR_THRESHOLDS,
  UNIT_QUANTITIES,
} from './constants';
import type { CartItem } from './schemas/orders';

export interface ProductKind {
  category: string;
  subcategory: string | null;
  name?: string;
}

export interface StockedProduct extends ProductKind {
  stock: number;
}

const PREROLL_SLUGS = ['prerolls', 'pre-rolls'];
const PREROLL_NAME = /pre-?roll/i;

export const WEIGHT_QUANTITY_OPTIONS: readonly QuantityLabel[] = [...FLOWER_QUANTITIES, BULK];
export const UNIT_QUANTITY_OPTIONS: readonly QuantityLabel[] = [...UNIT_QUANTITIES, BULK];

function isPrerollSlug(slug: string | null | undefined): boolean {
  return slug != null && PREROLL_SLUGS.includes(slug.trim().toLowerCase());
}

export function isPrerollProduct(p: ProductKind): boolean {
  return (
    isPrerollSlug(p.category) || isPrerollSlug(p.subcategory) || PREROLL_NAME.test(p.name ?? '')
  );
}

/** Only flower is sold by weight; prerolls and everything else are sold per unit. */
export function isSoldByWeight(p: ProductKind): boolean {
  return p.category.trim().toLowerCase() === FLOWER_CATEGORY_SLUG && !isPrerollProduct(p);
}

/** The sizes a product is sold in; `bulk` false leaves Bulk out (a limited product under limits). */
export function quantityOptionsFor(p: ProductKind, bulk = true): QuantityLabel[] {
  const options = isSoldByWeight(p) ? WEIGHT_QUANTITY_OPTIONS : UNIT_QUANTITY_OPTIONS;
  return options.filter((option) => bulk || option !== BULK);
}

export function isQuantityOption(x: unknown): x is QuantityLabel {
  return typeof x === 'string' && (QUANTITY_OPTIONS as readonly string[]).includes(x);
}

export function isFlowerQuantity(x: unknown): x is FlowerQuantity {
  return typeof x === 'string' && (FLOWER_QUANTITIES as readonly string[]).includes(x);
}

export function isBulk(quantity: QuantityLabel): boolean {
  return quantity === BULK;
}

/** Grams for flower sizes, units for numeric labels, 0 for Bulk (never stock-limited). */
export function stockNeeded(quantity: QuantityLabel, count = 1): number {
  if (quantity === BULK) return 0;
  if (isFlowerQuantity(quantity)) return GRAMS_PER_QUANTITY[quantity] * count;
  return Number(quantity) * count;
}

export function offeredQuantities(
  p: StockedProduct,
  alreadyUsed = 0,
  bulk = true,
): QuantityLabel[] {
  return quantityOptionsFor(p, bulk).filter(
    (option) => option === BULK || alreadyUsed + stockNeeded(option) <= p.stock,
  );
}

/** A size in words: "1/8 Oz (3.5 g)", "1 unit", "3 units", "Bulk". */
export function quantityWords(quantity: QuantityLabel): string {
  if (isFlowerQuantity(quantity)) return `${quantity} (${GRAMS_PER_QUANTITY[quantity]} g)`;
  if (quantity === BULK) return 'Bulk';
  return quantity === '1' ? '1 unit' : `${quantity} units`;
}

/** A line's size and how many of it: "1 unit", "1/8 Oz (3.5 g) × 2". */
export function lineQuantityWords(quantity: QuantityLabel, count: number): string {
  return count === 1 ? quantityWords(quantity) : `${quantityWords(quantity)} × ${count}`;
}

export function defaultQuantity(p: ProductKind): QuantityLabel {
  return isSoldByWeight(p) ? '1/8 Oz' : '1';
}

export type StockLabel = 'Out of stock' | 'Low stock' | 'In stock';
export type StockColor = 'red' | 'yellow' | 'green';

export function stockLabel(stock: number): StockLabel {
  if (stock <= 0) return 'Out of stock';
  if (stock < LOW_STOCK_BELOW) return 'Low stock';
  return 'In stock';
}

export function stockColor(stock: number): StockColor {
  if (stock <= STOCK_COLOR_THRESHOLDS.red) return 'red';
  if (stock <= STOCK_COLOR_THRESHOLDS.yellow) return 'yellow';
  return 'green';
}

export type AddToCartCheck =
  | { ok: true }
  | { ok: false; reason: 'out-of-stock' | 'not-enough-stock' };

export interface AddToCartRequest {
  product: { stock: number };
  quantity: QuantityLabel;
  /** how many of this quantity are being added; 1 by default */
  count?: number;
  /** stock (grams or units) already taken by the cart's lines of this product/strain */
  usedInCart?: number;
}

/**
 * Bulk is checked first on purpose: spec §9 says Bulk is "always available, not
 * stock-limited" and the plus button is enabled for Bulk even at stock 0, so a
 * Bulk quote request is allowed on a sold-out product.
 */
export function canAddToCart({
  product,
  quantity,
  count = 1,
  usedInCart = 0,
}: AddToCartRequest): AddToCartCheck {
  if (quantity === BULK) return { ok: true };
  if (product.stock <= 0) return { ok: false, reason: 'out-of-stock' };
  if (usedInCart + stockNeeded(quantity, count) > product.stock) {
    return { ok: false, reason: 'not-enough-stock' };
  }
  return { ok: true };
}

/** Stock taken by the cart's lines of one product (and one strain type when given). */
export function unitsInCartFor(
  cart: readonly Pick<CartItem, 'id' | 'quantity' | 'count' | 'strainType'>[],
  productId: number,
  strainType?: string,
): number {
  return cart
    .filter((line) => line.id === productId)
    .filter((line) => strainType === undefined || line.strainType === strainType)
    .reduce((sum, line) => sum + stockNeeded(line.quantity, line.count), 0);
}
