import type { Transaction } from 'kysely';
import {
  availableWindows,
  explicitSlotFor,
  sameDayClosedReason,
  schedulingDates,
} from '../../../shared/availability';
import { taxContextFor } from '../../../shared/compliance/checkout-terms';
import { missingGramsProblem } from '../../../shared/compliance/limits';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { ruleSetFor } from '../../../shared/compliance/rule-sets';
import {
  BULK,
  DEFAULT_SLOT_CAPACITY,
  PICKUP_ADDRESS,
  type QuantityLabel,
} from '../../../shared/constants';
import {
  asksForFlavor,
  FLAVOR_REQUIRED_MESSAGE,
  flavorSoldOutMessage,
} from '../../../shared/flavors';
import { toCents, toDollars } from '../../../shared/money';
import { plannedSaleDate } from '../../../shared/order-lifecycle';
import { orderCapProblem, takesSlotPlaceAtPlacement } from '../../../shared/order-limits';
import {
  bogo50Details,
  freebieLineIndex,
  lineTotalCents,
  minimumOrderMessage,
  type PricingLine,
  priceCart,
  unitPrice,
} from '../../../shared/pricing';
import { toAppliedPromotion } from '../../../shared/promotions';
import { isBulk, quantityOptionsFor, stockNeeded } from '../../../shared/quantity';
import { ownValue } from '../../../shared/records';
import { validationErrorBody } from '../../../shared/schemas/http';
import {
  INVALID_QUANTITY_OPTION,
  type Order,
  type OrderPlacement,
} from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { DealerSettings } from '../../../shared/schemas/settings';
import { type ShopClock, shopClock } from '../../../shared/shop-clock';
import { stockShortfalls } from '../../../shared/stock-shortfall';
import type { Db, Dialect } from '../../db/connect';
import type { Database, ProductRow } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { fieldError, HttpError } from '../../http/errors';
import { productFromRow } from '../catalog/product-mapper';
import { checkPromotion } from '../promotions/validate-promo';
import { listScheduleSlots, slotEvents } from '../scheduling/service';
import {
  checkoutTermsFor,
  checkPurchaseLimits,
  checkScheduledCaps,
  dayToCount,
  deliveryPlaceFor,
} from './checkout-rules';
import type { CheckoutTermsSnapshot } from './checkout-terms-snapshot';
import { claimKey, type IdempotencyClaim, keepAnswer } from './idempotency';
import { orderFromRows } from './order-mapper';
import * as repo from './repo';
import { newStatusToken } from './status-link';
import { taxContextOf } from './tax-context';

export const OUT_OF_STOCK_MESSAGE =
  'Some items in your cart are no longer available in the requested quantities';
export const PRICES_CHANGED_MESSAGE =
  'Prices in your cart have changed. Please review your cart and try again.';
export const SLOT_UNAVAILABLE_MESSAGE =
  'The chosen delivery time is no longer available. Please pick another date or time.';

type Trx = Transaction<Database>;
type Item = OrderPlacement['items'][number];

interface PricedItem {
  item: Item;
  product: Product;
  unitPriceCents: number | null;
  /** the promotion's free line: one unit of it is not charged */
  freebie: boolean;
  /** grams or units this line takes from stock (0 for Bulk) */
  stockTaken: number;
  /** the flavor whose own stock this line takes, when the product keeps stock per flavor */
  stockFlavor: string | null;
}

const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface PlaceOrderContext {
  shopperId: string;
  now?: Date;
  /** the shop's time zone (SHOP_TIMEZONE): its today and the windows that have passed */
  timeZone?: string;
  /** the request's Idempotency-Key: taken and answered inside the order's transaction */
  idempotency?: IdempotencyClaim | null;
  /** the dealer's settings and the zones as last committed; without it the order reads them */
  terms?: CheckoutTermsSnapshot;
  /** the shop reports its sales to the state's track-and-trace system (Metrc is configured) */
  reportsToMetrc?: boolean;
}

/**
 * The one place where catalog, promotions, scheduling and orders meet. Runs in
 * one transaction: the order is priced against one reading of its products, its
 * stock is taken by a statement that checks the rows as they are then, and any
 * refusal rolls back everything, stock and slot places included. The
 * caller is answered once the order is committed (on SQLite possibly in a
 * commit shared with orders placed at the same moment).
 */
export async function placeOrder(
  db: Db,
  input: OrderPlacement,
  context: PlaceOrderContext,
): Promise<Outcome<Order>> {
  const now = context.now ?? new Date();
  const claim = context.idempotency ?? null;
  const known = context.terms ? await context.terms.get() : null;
  return db.writeTransaction(async (trx) => {
    if (claim) await claimKey(trx, claim, now);
    const { settings, zones } = known
      ? { settings: known.settings, zones: input.orderType === 'pickup' ? [] : known.zones }
      : await checkoutTermsFor(trx, db.dialect, input);
    const clock = shopClock(now, context.timeZone ?? LOCAL_ZONE);
    const saleDate = plannedSaleDate(input.orderType, input.deliveryDate, clock.date);
    const who = { phone: input.phone, shopperId: context.shopperId };
    const { products, day } = await loadProducts(
      trx,
      input.items,
      dayToCount(db.dialect, ruleSetFor(settings.jurisdiction), saleDate, who),
    );
    const promo = input.promoCode
      ? await checkPromotion(trx, input.promoCode, input.items, now, context.timeZone ?? LOCAL_ZONE)
      : null;
    if (promo && !promo.valid) {
      throw new HttpError(400, {
        error: 'Invalid promo code',
        code: 'INVALID_PROMO_CODE',
        message: promo.error,
      });
    }
    const applied = promo?.valid ? toAppliedPromotion(promo.promo) : null;
    const priced = priceItems(input.items, products, applied?.freebieProductId ?? null);
    const orderType = input.orderType;
    const place = deliveryPlaceFor(input, zones, ruleSetFor(settings.jurisdiction));
    const tax = taxContextFor(settings, place.zone, saleDate);
    const ruleSet = tax.ruleSet;
    checkSellable(priced, ruleSet);
    if (context.reportsToMetrc) checkReportable(priced);
    const pricing = priceCart({
      lines: priced.map(toLine),
      promotion: applied,
      orderType,
      delivery: place.terms,
      tax,
    });
    checkOrderCaps(priced, pricing.subtotalCents, settings);

    if (toCents(input.total) !== pricing.totalCents) {
      throw new HttpError(409, {
        error: 'Prices changed',
        code: 'PRICE_CHANGED',
        message: PRICES_CHANGED_MESSAGE,
        expectedTotal: toDollars(pricing.totalCents),
      });
    }
    if (!pricing.minimumMet) {
      throw new HttpError(400, {
        error: 'Minimum order not met',
        code: 'MINIMUM_NOT_MET',
        message: minimumOrderMessage(
          pricing.subtotalCents - pricing.discountCents,
          pricing.minimumCents,
        ),
      });
    }
    if (orderType === 'delivery') checkSameDayOpen(settings, clock);
    const counted = await checkPurchaseLimits(
      trx,
      db.dialect,
      ruleSet,
      { saleDate, today: clock.date },
      who,
      priced.map((p) => ({ product: p.product, quantity: p.item.quantity, count: p.item.count })),
      day,
    );
    if (orderType === 'scheduled')
      await checkScheduledCaps(
        trx,
        db.dialect,
        { shopperId: context.shopperId, customerKey: counted.customerKey, phone: input.phone },
        input.deliveryDate,
        settings,
      );
    // an order whose price is settled with staff takes its place in the window when they accept it
    const holdsPlace = takesSlotPlaceAtPlacement(priced.map(toLine));
    const slotId =
      orderType === 'pickup'
        ? null
        : await reserveDelivery(trx, db.dialect, input, clock, settings, holdsPlace);
    const taking = stockTakes(priced, products);

    const order: repo.PlacedOrderRow = {
      shopper_id: context.shopperId,
      customer: input.customer,
      address: orderType === 'pickup' ? PICKUP_ADDRESS : input.address,
      phone: input.phone,
      email: input.email,
      status: 'pending',
      subtotal_cents: pricing.subtotalCents,
      discount_cents: pricing.discountCents,
      delivery_fee_cents: pricing.feeCents,
      total_cents: pricing.totalCents,
      promo_code: applied?.promoCode ?? null,
      bogo50_details: pricing.bogo50 ? JSON.stringify(bogo50Details(pricing.bogo50)) : null,
      order_type: orderType,
      delivery_date: orderType === 'pickup' ? null : input.deliveryDate,
      delivery_time_window: orderType === 'pickup' ? null : input.deliveryTimeWindow,
      delivery_notes: input.deliveryNotes,
      schedule_slot_id: slotId,
      created_at: now.toISOString(),
      taxes: JSON.stringify(pricing.taxes),
      shop_date: clock.date,
      customer_key: counted.customerKey,
      postal_code: place.postalCode,
      cannabis_grams: counted.grams.cannabis,
      concentrate_grams: counted.grams.concentrate,
      status_token: newStatusToken(),
      sale_date: saleDate,
      tax_context: pricing.taxes.length > 0 ? JSON.stringify(taxContextOf(pricing, tax)) : null,
      holds_slot_place: holdsPlace ? 1 : 0,
    };
    const items: repo.PlacedItemRow[] = priced.map((p) => ({
      product_id: p.product.id,
      name: p.product.name,
      unit_price_cents: storedUnitPriceCents(p),
      quantity: p.item.quantity,
      count: p.item.count,
      flavor: p.item.flavor ?? null,
      strain_type: p.item.strainType ?? null,
      stock_taken: p.stockTaken,
      stock_flavor: p.stockFlavor,
      cannabis: p.product.cannabis ? 1 : 0,
    }));
    // The stock is taken last, so that on PostgreSQL the products stay locked only from there.
    const written = await repo.writeOrder(trx, db.dialect, order, items, taking);
    const restocked = await takenOrRefused(trx, priced, taking, written.took);
    const placed = orderFromRows(written.order, written.items, [], pricing.taxes);
    if (claim) await keepAnswer(trx, claim, { statusCode: 201, body: placed });
    const slotChanges = await slotEvents(trx, [slotId]);
    return {
      value: placed,
      events: [
        busEvent('order-created', placed, { shopperId: context.shopperId }),
        // the products whose stock the order took, as they are now
        ...restocked.map((product) => busEvent('product-updated', product)),
        ...slotChanges,
      ],
    };
  });
}

/** The order's products by id; with a day to count, the customer's day too, in the same statement. */
async function loadProducts(
  trx: Trx,
  items: Item[],
  countDay: repo.CountedDay | null,
): Promise<{ products: Map<number, Product>; day: repo.DayGrams | null }> {
  const ids = [...new Set(items.map((i) => i.id))].sort((a, b) => a - b);
  if (!countDay) {
    return { products: productsOf(items, await repo.findOrderProducts(trx, ids)), day: null };
  }
  const rows = await repo.findOrderProductsAndDay(trx, ids, countDay);
  return { products: productsOf(items, rows), day: repo.dayGramsFromRow(rows[0]?.day_grams) };
}

/** The products read, by id; an item whose product is gone is refused as out of stock. */
function productsOf(items: Item[], rows: ProductRow[]): Map<number, Product> {
  const products = new Map(rows.map((row) => [row.id, productFromRow(row)]));
  const missing = items.filter((i) => !products.has(i.id));
  if (missing.length > 0) {
    throw outOfStock(missing.map((i) => ({ name: i.name, requested: i.count, available: 0 })));
  }
  return products;
}

/** Under a rule set whose cannabis products state their grams, one without them is not sold. */
function checkSellable(priced: PricedItem[], ruleSet: RuleSet) {
  const unweighed = priced.find((p) => missingGramsProblem(p.product, ruleSet));
  if (!unweighed) return;
  const error = `${unweighed.product.name} can't be sold right now: the shop has not recorded what it counts toward the daily limit. Please remove it, or call us.`;
  throw new HttpError(409, { error, code: 'PRODUCT_NOT_SELLABLE', message: error });
}

/**
 * A Bulk line's amount is agreed later and never recorded, so a shop that reports each sale to
 * Metrc could not report a cannabis one: it is refused here rather than at the door.
 */
function checkReportable(priced: PricedItem[]) {
  const bulk = priced.find((p) => p.product.cannabis && isBulk(p.item.quantity));
  if (!bulk) return;
  const error = `${bulk.product.name} can't be ordered as Bulk: every sale is reported to the state with its amount. Please choose a weight instead.`;
  throw new HttpError(409, { error, code: 'NO_METRC_QUANTITY', message: error });
}

/** Re-validates each line against its product and prices it from the database. */
function priceItems(
  items: Item[],
  products: Map<number, Product>,
  freebieProductId: number | null,
): PricedItem[] {
  const freeIndex = freebieLineIndex(items, freebieProductId, (id) => products.get(id));
  return items.map((item, index) => {
    const product = products.get(item.id)!;
    if (!quantityOptionsFor(product).includes(item.quantity)) {
      throw fieldError(`items.${index}.quantity`, INVALID_QUANTITY_OPTION);
    }
    if (product.strainTypes.length > 1 && !product.strainTypes.includes(item.strainType ?? '')) {
      throw fieldError(
        `items.${index}.strainType`,
        'Please select a strain type before adding to cart.',
      );
    }
    if (asksForFlavor(product) && !item.flavor && item.quantity !== BULK) {
      throw fieldError(`items.${index}.flavor`, FLAVOR_REQUIRED_MESSAGE);
    }
    const stockFlavor = checkedFlavor(item, index, product);
    if (
      stockFlavor &&
      item.quantity !== BULK &&
      (ownValue(product.flavorStocks, stockFlavor) ?? 0) <= 0
    )
      throw flavorSoldOut(stockFlavor, product);
    const dollars = unitPrice(product, item.quantity);
    return {
      item,
      product,
      unitPriceCents: dollars < 0 ? null : toCents(dollars),
      freebie: index === freeIndex,
      stockTaken:
        item.quantity === BULK ? 0 : stockNeeded(item.quantity as QuantityLabel, item.count),
      stockFlavor,
    };
  });
}

/**
 * A flavor must be one the product lists (own properties only: "constructor" is not a
 * flavor); returns the flavor whose own stock the line takes, if the product keeps one.
 */
function checkedFlavor(item: Item, index: number, product: Product): string | null {
  if (!item.flavor) return null;
  const known =
    product.flavors.includes(item.flavor) || Object.hasOwn(product.flavorStocks, item.flavor);
  if (!known) throw unknownFlavor(index);
  return Object.hasOwn(product.flavorStocks, item.flavor) ? item.flavor : null;
}

/** A flavor with none of its own stock left is refused by name. */
function flavorSoldOut(flavor: string, product: Product): HttpError {
  const message = flavorSoldOutMessage(flavor, product.name);
  return new HttpError(409, {
    error: `${flavor} is sold out`,
    code: 'FLAVOR_SOLD_OUT',
    message,
    productId: product.id,
    flavor,
  });
}

const unknownFlavor = (index: number) =>
  new HttpError(400, {
    ...validationErrorBody('Unknown flavor', [
      { path: `items.${index}.flavor`, message: 'is not a flavor of this product' },
    ]),
    code: 'UNKNOWN_FLAVOR',
  });

function toLine(p: PricedItem): PricingLine {
  return {
    productId: p.product.id,
    category: p.product.category,
    subcategory: p.product.subcategory,
    quantity: p.item.quantity,
    count: p.item.count,
    unitPriceCents: p.unitPriceCents,
    freebie: p.freebie,
    cannabis: p.product.cannabis,
  };
}

/** The price an order line keeps: FREE (0) only when nothing of the line is charged. */
function storedUnitPriceCents(p: PricedItem): number | null {
  return p.freebie && lineTotalCents(toLine(p)) === 0 ? 0 : p.unitPriceCents;
}

/**
 * One order takes at most the dealer's count of each line and subtotal, so a
 * single unpaid order cannot take the whole shelf.
 */
function checkOrderCaps(priced: PricedItem[], subtotalCents: number, settings: DealerSettings) {
  const lines = priced.map((p) => ({ name: p.product.name, count: p.item.count }));
  const problem = orderCapProblem(lines, subtotalCents, settings);
  if (!problem) return;
  throw new HttpError(409, {
    error: problem.message,
    code: problem.code,
    message: problem.message,
    maxLineCount: settings.maxLineCount,
    maxOrderSubtotal: settings.maxOrderSubtotal,
  });
}

/**
 * Checks the chosen date and window are offered and not full, and holds a place in the slot
 * (an order that takes no place yet only links to the slot).
 */
async function reserveDelivery(
  trx: Trx,
  dialect: Dialect,
  input: OrderPlacement,
  clock: ShopClock,
  settings: DealerSettings,
  holdsPlace: boolean,
) {
  const { deliveryDate: date, deliveryTimeWindow: window } = input;
  if (!date || !window) return null;
  const slots = await listScheduleSlots(trx);
  const offered =
    schedulingDates(clock.date).includes(date) &&
    availableWindows(date, slots, settings, clock).includes(window);
  if (!offered) throw slotUnavailable();
  const slot = explicitSlotFor(date, window, slots);
  if (slot) {
    const placed = holdsPlace
      ? await repo.claimSlotPlace(trx, slot.id)
      : slot.currentOrders < slot.maxOrders;
    if (!placed) throw slotUnavailable();
    return slot.id;
  }
  // A window of the weekly schedule has no row to count against: count its orders instead.
  await repo.lockDeliveryWindow(trx, dialect, date, window);
  if ((await repo.countOrdersInWindow(trx, date, window)) >= DEFAULT_SLOT_CAPACITY)
    throw slotUnavailable();
  return null;
}

/** Same-day delivery only on delivery days within legal hours, where the rule set has them. */
function checkSameDayOpen(settings: DealerSettings, clock: ShopClock) {
  const closed = sameDayClosedReason(settings, clock);
  if (closed)
    throw new HttpError(409, { error: closed, code: 'SHOP_CLOSED_TODAY', message: closed });
}

const slotUnavailable = () =>
  new HttpError(409, {
    error: 'Delivery slot unavailable',
    code: 'SLOT_UNAVAILABLE',
    message: SLOT_UNAVAILABLE_MESSAGE,
  });

function outOfStock(outOfStockItems: { name: string; requested: number; available: number }[]) {
  return new HttpError(409, {
    error: 'Insufficient inventory',
    code: 'OUT_OF_STOCK',
    message: OUT_OF_STOCK_MESSAGE,
    outOfStockItems,
  });
}

type Shortfall = { name: string; requested: number; available: number };

/**
 * Each line's shortfall against the given stock figures, in the line's own units (how many
 * of that size are still available); a product missing from them has none left.
 */
function shortfalls(priced: PricedItem[], products: Map<number, Product>): Shortfall[] {
  const claims = priced.map((p) => ({
    productId: p.product.id,
    quantity: p.item.quantity,
    count: p.item.count,
    flavor: p.stockFlavor,
    name: p.product.name,
  }));
  return stockShortfalls(claims, (id) => products.get(id)).map(({ claim, needed, left }) => ({
    name: claim.name,
    requested: claim.count,
    available: Math.floor(left / (needed / claim.count)),
  }));
}

/**
 * What the order takes from each product, once every line is covered by the stock the
 * order was priced against; refuses the order otherwise.
 */
function stockTakes(priced: PricedItem[], products: Map<number, Product>): repo.StockTake[] {
  const short = shortfalls(priced, products);
  if (short.length > 0) throw outOfStock(short);
  const taken = new Map<number, { amount: number; flavors: Map<string, number> }>();
  for (const p of priced) {
    if (p.stockTaken === 0) continue;
    const entry = taken.get(p.product.id) ?? { amount: 0, flavors: new Map() };
    entry.amount += p.stockTaken;
    if (p.stockFlavor)
      entry.flavors.set(p.stockFlavor, (entry.flavors.get(p.stockFlavor) ?? 0) + p.stockTaken);
    taken.set(p.product.id, entry);
  }
  return [...taken].map(([productId, { amount, flavors }]) => ({
    productId,
    amount,
    flavorsTaken: flavors.size ? JSON.stringify(Object.fromEntries(flavors)) : undefined,
  }));
}

/**
 * The products as the take left them, if it took from every one; refuses the order otherwise
 * (rolling the take back with the rest). Another order may have taken some since this one
 * was priced: then the shortfalls are counted again against the stock as it is now.
 */
async function takenOrRefused(
  trx: Trx,
  priced: PricedItem[],
  takes: repo.StockTake[],
  took: ProductRow[],
): Promise<Product[]> {
  const rows = new Map(took.map((row) => [Number(row.id), productFromRow(row)]));
  if (rows.size < takes.length) {
    // the rows this statement did take now show this order's take: only the others are re-read
    const shortIds = takes.map((take) => take.productId).filter((id) => !rows.has(id));
    const shortLines = priced.filter((p) => shortIds.includes(p.product.id) && p.stockTaken > 0);
    const current = await repo.findOrderProducts(trx, shortIds);
    const short = shortfalls(shortLines, new Map(current.map((r) => [r.id, productFromRow(r)])));
    // stock that came back in between still leaves these lines refused: say none was left
    throw outOfStock(
      short.length > 0
        ? short
        : shortLines.map((p) => ({ name: p.product.name, requested: p.item.count, available: 0 })),
    );
  }
  return takes.map(({ productId }) => rows.get(productId)!);
}
