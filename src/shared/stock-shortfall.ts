import type { QuantityLabel } from './constants';
import { isBulk, stockNeeded } from './quantity';
import { ownValue } from './records';
import type { Product } from './schemas/products';

/** A cart or order line as the stock check reads it. */
export interface StockClaim {
  productId: number;
  quantity: QuantityLabel;
  count: number;
  /** the flavor it is bought in, if any */
  flavor?: string | null;
}

export interface StockShortfall<C extends StockClaim> {
  claim: C;
  /** grams (flower) or units the line needs */
  needed: number;
  /** what was left for it after the lines before it, never below 0 */
  left: number;
}

type StockOf = (productId: number) => Pick<Product, 'stock' | 'flavorStocks'> | undefined;

/**
 * The lines the stock cannot cover, taken in order as the checkout takes them: a line draws on
 * its product's stock and, when the product keeps stock per flavor, on that flavor's stock too;
 * a line that does not fit takes nothing; Bulk takes no stock; an unknown product has none left.
 */
export function stockShortfalls<C extends StockClaim>(
  claims: readonly C[],
  stockOf: StockOf,
): StockShortfall<C>[] {
  const productLeft = new Map<number, number>();
  const flavorLeft = new Map<string, number>();
  const short: StockShortfall<C>[] = [];
  for (const claim of claims) {
    if (isBulk(claim.quantity)) continue;
    const needed = stockNeeded(claim.quantity, claim.count);
    if (needed === 0) continue;
    const product = stockOf(claim.productId);
    const left = productLeft.get(claim.productId) ?? product?.stock ?? 0;
    const ownFlavorStock =
      claim.flavor && product ? ownValue(product.flavorStocks, claim.flavor) : undefined;
    const flavorKey = ownFlavorStock === undefined ? null : `${claim.productId}:${claim.flavor}`;
    const leftOfFlavor = flavorKey ? (flavorLeft.get(flavorKey) ?? ownFlavorStock!) : Infinity;
    const usable = Math.min(left, leftOfFlavor);
    if (needed > usable) {
      short.push({ claim, needed, left: Math.max(0, usable) });
      continue;
    }
    productLeft.set(claim.productId, left - needed);
    if (flavorKey) flavorLeft.set(flavorKey, leftOfFlavor - needed);
  }
  return short;
}
