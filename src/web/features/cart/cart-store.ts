/**
 * The shopper's cart, kept in the browser under the key `cart` (spec §3, §4).
 * A tiny external store: read it with `useCart()`, change it with the functions
 * below. Every change is written back to localStorage and other tabs follow.
 */
import { isQuantityOption } from '@shared/quantity';
import type { CartItem } from '@shared/schemas/orders';
import { createStore, useStore } from '@web/lib/create-store';
import { realtime } from '@web/lib/realtime-connection';
import { readStorage, STORAGE_KEYS, writeJson } from '@web/lib/storage';

export type Cart = readonly CartItem[];

/** What a caller adds: a line without its count (adding always adds one). */
export type NewCartItem = Omit<CartItem, 'count'>;

/**
 * A stored line the order form will accept: the same bounds as the shared orderItemSchema
 * (a test holds the two together). Written out by hand because the cart loads with the first
 * page, and zod is kept out of the first download.
 */
function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'number' &&
    Number.isInteger(item.id) &&
    item.id > 0 &&
    isText(item.name, 1, 200) &&
    typeof item.price === 'number' &&
    Number.isFinite(item.price) &&
    item.price >= -1 &&
    item.price <= 1_000_000 &&
    isQuantityOption(item.quantity) &&
    typeof item.count === 'number' &&
    Number.isInteger(item.count) &&
    item.count >= 1 &&
    item.count <= 100 &&
    (item.flavor === undefined || isText(item.flavor, 0, 100)) &&
    (item.strainType === undefined || isText(item.strainType, 0, 50))
  );
}

const isText = (value: unknown, min: number, max: number) =>
  typeof value === 'string' && value.trim().length >= min && value.trim().length <= max;

/** Invalid items are discarded; anything that is not an array (or not JSON) resets the cart. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('stored cart is not an array');
    return parsed.filter(isCartItem);
  } catch (error) {
    console.error('Corrupted cart in storage, resetting it to empty', error);
    return [];
  }
}

function loadCart(): CartItem[] {
  const raw = readStorage(STORAGE_KEYS.cart);
  const cart = parseStoredCart(raw);
  if (raw !== null && JSON.stringify(cart) !== raw) writeJson(STORAGE_KEYS.cart, cart);
  return cart;
}

/**
 * The one empty cart: the server prints it, and a browser whose cart is empty holds this same
 * value, so hydrating with an empty cart re-renders nothing (`useSyncExternalStore` compares
 * snapshots by identity).
 */
const EMPTY_CART: Cart = [];

const cartStore = createStore<Cart>(
  typeof window === 'undefined' ? EMPTY_CART : withSharedEmpty(loadCart()),
);

/** The cart itself, or the one empty cart when it has no lines. */
function withSharedEmpty(cart: Cart): Cart {
  return cart.length === 0 ? EMPTY_CART : cart;
}

function commit(next: Cart) {
  cartStore.set(withSharedEmpty(next));
  writeJson(STORAGE_KEYS.cart, next);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.cart)
      cartStore.set(withSharedEmpty(parseStoredCart(event.newValue)));
  });
}

/** Line identity (spec §4): product id, quantity label, flavor (empty = missing), strain type. */
export function sameLine(a: Omit<CartItem, 'count' | 'price' | 'name'>, b: typeof a): boolean {
  return (
    a.id === b.id &&
    a.quantity === b.quantity &&
    (a.flavor || undefined) === (b.flavor || undefined) &&
    (a.strainType || undefined) === (b.strainType || undefined)
  );
}

export function findLineIndex(cart: Cart, item: Omit<CartItem, 'count' | 'price' | 'name'>) {
  return cart.findIndex((line) => sameLine(line, item));
}

export function getCart(): Cart {
  return cartStore.get();
}

/** The server prints an empty cart: the real one lives in this browser's storage. */
export function useCart(): Cart {
  return useStore(cartStore, EMPTY_CART);
}

type LineIdentity = Pick<CartItem, 'id' | 'quantity' | 'flavor' | 'strainType'>;

/** Spec §7: the page tells the server what goes in and out of the cart (it only notes it). */
function announce(type: 'add-to-cart' | 'remove-from-cart', line: LineIdentity): void {
  realtime()?.send(type, {
    id: line.id,
    quantity: line.quantity,
    ...(line.flavor ? { flavor: line.flavor } : {}),
    ...(line.strainType ? { strainType: line.strainType } : {}),
  });
}

/** Same identity: count + 1; otherwise a new line with count 1. */
export function addToCart(item: NewCartItem): void {
  const cart = cartStore.get();
  const clean: CartItem = {
    id: item.id,
    name: item.name,
    price: item.price,
    quantity: item.quantity,
    count: 1,
    ...(item.flavor ? { flavor: item.flavor } : {}),
    ...(item.strainType ? { strainType: item.strainType } : {}),
  };
  const index = findLineIndex(cart, clean);
  if (index === -1) commit([...cart, clean]);
  else commit(cart.map((line, i) => (i === index ? { ...line, count: line.count + 1 } : line)));
  announce('add-to-cart', clean);
}

/** Raises the count of the line at `index` by one; false when the line is not `id`. */
export function incrementLine(index: number, id: number): boolean {
  const cart = cartStore.get();
  if (cart[index]?.id !== id) return false;
  commit(cart.map((line, i) => (i === index ? { ...line, count: line.count + 1 } : line)));
  return true;
}

/**
 * Count above 1 drops by one, otherwise the line is removed. Returns false when
 * the item at `index` is not product `id` (the caller shows the removal-failure toast).
 */
export function decrementLine(index: number, id: number): boolean {
  const cart = cartStore.get();
  const line = cart[index];
  if (!line || line.id !== id) return false;
  if (line.count > 1) {
    commit(cart.map((l, i) => (i === index ? { ...l, count: l.count - 1 } : l)));
  } else {
    commit(cart.filter((_, i) => i !== index));
    announce('remove-from-cart', line);
  }
  return true;
}

/** Removes the whole line at `index`; false when it is not product `id`. */
export function removeLine(index: number, id: number): boolean {
  const cart = cartStore.get();
  const line = cart[index];
  if (line?.id !== id) return false;
  commit(cart.filter((_, i) => i !== index));
  announce('remove-from-cart', line);
  return true;
}

/** Empties the cart; answers what it held, so the shopper can undo it. */
export function clearCart(): Cart {
  const held = cartStore.get();
  commit([]);
  formerPrices.set(new Map());
  return held;
}

/** Puts back a cart that was cleared (the toast's Undo). */
export function restoreCart(lines: Cart): void {
  commit([...lines]);
}

/** Number of items in the cart (sum of line counts). */
export function cartCount(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.count, 0);
}

export function useCartCount(): number {
  return cartCount(useCart());
}

/**
 * Adds a promotion's free item as its own line at price 0 (spec §5): line identity ignores
 * price, so `addToCart` would merge it into a paid line of the same size. Does nothing when
 * a free line of the product is already in the cart; returns whether a line was added.
 */
export function addFreeLine(item: Omit<NewCartItem, 'price'>, quantityCount = 1): boolean {
  const cart = cartStore.get();
  if (cart.some((line) => line.id === item.id && line.price === 0)) return false;
  commit([
    ...cart,
    {
      id: item.id,
      name: item.name,
      price: 0,
      quantity: item.quantity,
      count: quantityCount,
      ...(item.flavor ? { flavor: item.flavor } : {}),
      ...(item.strainType ? { strainType: item.strainType } : {}),
    },
  ]);
  return true;
}

/** Removes every free (price 0) line of product `id`, e.g. when its promotion is removed. */
export function removeFreeLines(id: number): void {
  const cart = cartStore.get();
  const next = cart.filter((line) => !(line.id === id && line.price === 0));
  if (next.length !== cart.length) commit(next);
}

/**
 * Replaces each line's stored price with `priceFor(line)` where that gives a number, e.g.
 * after the server refused an order because the shop's prices changed. Returns whether
 * any price changed.
 */
export function repriceLines(priceFor: (line: CartItem) => number | undefined): boolean {
  const cart = cartStore.get();
  const was = new Map(formerPrices.get());
  let changed = false;
  const next = cart.map((line) => {
    const price = priceFor(line);
    if (price === undefined || price === line.price) return line;
    changed = true;
    if (!was.has(lineKey(line))) was.set(lineKey(line), line.price);
    return { ...line, price };
  });
  if (changed) {
    formerPrices.set(was);
    commit(next);
  }
  return changed;
}

/**
 * The price each line had before the shop changed it, so the cart can say
 * "was $45.00" beside a total that jumped; kept until the cart is ordered or cleared.
 */
const formerPrices = createStore<ReadonlyMap<string, number>>(new Map());

const lineKey = (line: LineIdentity) =>
  [line.id, line.quantity, line.flavor ?? '', line.strainType ?? ''].join('|');

export function useFormerPrice(line: CartItem): number | undefined {
  return useStore(formerPrices).get(lineKey(line));
}
