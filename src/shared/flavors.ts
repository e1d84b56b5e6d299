import { stockNeeded } from './quantity';
import { ownValue } from './records';
import type { CartItem } from './schemas/orders';
import type { Product } from './schemas/products';

/** A flavor the shopper can choose, with the stock it has of its own. */
export interface FlavorChoice {
  name: string;
  /** the flavor's own stock, or the product's when it keeps none per flavor */
  stock: number;
}

export const FLAVOR_REQUIRED_MESSAGE = 'Please select a flavor before adding to cart.';

/** A product listing flavors is bought in one of them (as one with several strain types). */
export const asksForFlavor = (product: Pick<Product, 'flavors'>) => product.flavors.length > 0;

export function flavorChoices(
  product: Pick<Product, 'flavors' | 'flavorStocks' | 'stock'>,
): FlavorChoice[] {
  return product.flavors.map((name) => ({
    name,
    stock: ownValue(product.flavorStocks, name) ?? product.stock,
  }));
}

/** "Blue Razz — 12 left", "Grape Ape — sold out" (flower would say grams; flavors are units). */
export function flavorChoiceLabel(choice: FlavorChoice): string {
  return choice.stock > 0 ? `${choice.name} — ${choice.stock} left` : `${choice.name} — sold out`;
}

export const flavorSoldOutMessage = (flavor: string, productName: string) =>
  `${flavor} is sold out: please choose another flavor of ${productName}.`;

/** Stock the cart's lines of one flavor of a product take. */
export function unitsInCartForFlavor(
  cart: readonly Pick<CartItem, 'id' | 'quantity' | 'count' | 'flavor'>[],
  productId: number,
  flavor: string,
): number {
  return cart
    .filter((line) => line.id === productId && line.flavor === flavor)
    .reduce((sum, line) => sum + stockNeeded(line.quantity, line.count), 0);
}

/** The flavor or strain type a line was bought in: "Blue Razz", "Indica", or "". */
export const lineChoice = (item: { flavor?: string | null; strainType?: string | null }) =>
  [item.flavor, item.strainType].filter(Boolean).join(' · ');

/** The stock a cart line draws on, and how much of it the cart's lines already take. */
export function lineStock(
  product: Pick<Product, 'id' | 'stock' | 'flavorStocks'>,
  cart: readonly Pick<CartItem, 'id' | 'quantity' | 'count' | 'flavor'>[],
  flavor: string | undefined,
): { stock: number; usedInCart: number } {
  const own = flavor === undefined ? undefined : ownValue(product.flavorStocks, flavor);
  if (own === undefined || flavor === undefined)
    return {
      stock: product.stock,
      usedInCart: cart
        .filter((line) => line.id === product.id)
        .reduce((sum, line) => sum + stockNeeded(line.quantity, line.count), 0),
    };
  return { stock: own, usedInCart: unitsInCartForFlavor(cart, product.id, flavor) };
}
