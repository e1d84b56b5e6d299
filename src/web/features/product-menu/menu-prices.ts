import { FLOWER_QUANTITIES } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { regularUnitPrice, tierPrices, unitPrice } from '@shared/pricing';
import { isSoldByWeight } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';

const SHORT = { '1/8 Oz': '1/8', '1/4 Oz': '1/4', '1/2 Oz': '1/2', '1 Oz': '1oz' } as const;

export const PRICE_SEPARATOR = ' • ';

/** One price of a menu row: the size (flower only), what it costs, and the regular price when on sale. */
export interface MenuPrice {
  size: string | null;
  price: number;
  /** the struck-through regular price, when a lower sale price applies */
  regular: number | null;
}

/** Flower: the four sizes (1/8, 1/4, 1/2, 1oz); everything else one price. */
export function menuPrices(product: Product): MenuPrice[] {
  const priced = (
    size: string | null,
    { regular, sale }: { regular: number; sale: number | null },
  ) =>
    sale !== null && sale < regular
      ? { size, price: sale, regular }
      : { size, price: sale ?? regular, regular: null };
  if (isSoldByWeight(product)) {
    const tiers = tierPrices(product);
    return FLOWER_QUANTITIES.map((q) => priced(SHORT[q], tiers[q]));
  }
  return [priced(null, { regular: regularUnitPrice(product, '1'), sale: unitPrice(product, '1') })];
}

/** A price as the menu writes it: "1/8 $x", or "$x". */
export function menuPriceText({ size, price }: MenuPrice): string {
  return size ? `${size} ${formatDollars(price)}` : formatDollars(price);
}

/** Flower: ["1/8 $x", "1/4 $y", "1/2 $z", "1oz $w"]; everything else one price. */
export function menuPriceSegments(product: Product): string[] {
  return menuPrices(product).map(menuPriceText);
}

/** Flower: "1/8 $x • 1/4 $y • 1/2 $z • 1oz $w"; everything else one price. */
export function menuPriceLine(product: Product): string {
  return menuPriceSegments(product).join(PRICE_SEPARATOR);
}

/** Highest price first inside a group. */
export function byPriceDescending(a: Product, b: Product): number {
  return (
    unitPrice(b, isSoldByWeight(b) ? '1/8 Oz' : '1') -
    unitPrice(a, isSoldByWeight(a) ? '1/8 Oz' : '1')
  );
}

export interface CategoryStyle {
  emoji: string;
  accent: string;
}

const STYLES: Record<string, CategoryStyle> = {
  flower: { emoji: '🌿', accent: 'from-emerald-600 to-green-500' },
  concentrates: { emoji: '💎', accent: 'from-amber-500 to-orange-500' },
  edibles: { emoji: '🍬', accent: 'from-pink-500 to-rose-500' },
  prerolls: { emoji: '🚬', accent: 'from-orange-600 to-amber-700' },
};
const DEFAULT_STYLE: CategoryStyle = { emoji: '🛍️', accent: 'from-sky-600 to-indigo-600' };

export function categoryStyle(slug: string): CategoryStyle {
  return STYLES[slug === 'pre-rolls' ? 'prerolls' : slug] ?? DEFAULT_STYLE;
}
