import {
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import { toCents } from '../../../shared/money';
import { FINISHED_STATUSES } from '../../../shared/order-lifecycle';
import type { Payment } from '../../../shared/payment';
import { selectProducts } from '../../db/category-references';
import type { Dialect } from '../../db/connect';
import { reusedQuery } from '../../db/reused-query';
import type {
  Database,
  DealerSettingsRow,
  DeliveryZoneRow,
  NewOrderItemRow,
  NewOrderRow,
  OrderItemRow,
  OrderReturnRow,
  OrderRow,
  ProductRow,
} from '../../db/schema';
import type { OrderRowWithDriver } from './order-mapper';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Orders with their items and driver's first name, newest first; `where` narrows to one
 * shopper, one order, or one driver's unfinished deliveries.
 */
export async function findOrders(
  db: Q,
  where: { shopperId?: string; id?: number; driverId?: number; notIn?: readonly string[] } = {},
) {
  let query = db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.driver_id')
    .selectAll('orders')
    .select('users.first_name as driver_first_name')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc');
  if (where.shopperId !== undefined) query = query.where('orders.shopper_id', '=', where.shopperId);
  if (where.id !== undefined) query = query.where('orders.id', '=', where.id);
  if (where.driverId !== undefined) query = query.where('orders.driver_id', '=', where.driverId);
  if (where.notIn?.length) query = query.where('orders.status', 'not in', where.notIn);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const returns = await db
    .selectFrom('order_returns')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const itemsOf = groupByOrder(items);
  const returnsOf = groupByOrder(returns);
  return orders.map((order): [OrderRowWithDriver, OrderItemRow[], OrderReturnRow[]] => [
    order,
    itemsOf.get(order.id) ?? [],
    returnsOf.get(order.id) ?? [],
  ]);
}

function groupByOrder<Row extends { order_id: number }>(rows: Row[]): Map<number, Row[]> {
  const byOrder = new Map<number, Row[]>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

export function findOrderRow(db: Q, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderIdByStatusToken(db: Q, token: string) {
  return db.selectFrom('orders').select('id').where('status_token', '=', token).executeTakeFirst();
}

export function findOrderItemRows(db: Q, orderId: number) {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
}

/** The columns checkout fills, in the order they are bound. */
const PLACED_ORDER_COLUMNS = [
  'shopper_id',
  'customer',
  'address',
  'phone',
  'email',
  'status',
  'subtotal_cents',
  'discount_cents',
  'delivery_fee_cents',
  'total_cents',
  'promo_code',
  'bogo50_details',
  'order_type',
  'delivery_date',
  'delivery_time_window',
  'delivery_notes',
  'schedule_slot_id',
  'created_at',
  'taxes',
  'shop_date',
  'customer_key',
  'postal_code',
  'cannabis_grams',
  'concentrate_grams',
  'status_token',
  'sale_date',
  'tax_context',
  'holds_slot_place',
] as const satisfies readonly (keyof NewOrderRow)[];

export type PlacedOrderRow = Required<Pick<NewOrderRow, (typeof PLACED_ORDER_COLUMNS)[number]>>;

/** The columns checkout fills for each line, besides its order's id, in the order they are bound. */
const PLACED_ITEM_COLUMNS = [
  'product_id',
  'name',
  'unit_price_cents',
  'quantity',
  'count',
  'flavor',
  'strain_type',
  'stock_taken',
  'stock_flavor',
  'cannabis',
] as const satisfies readonly (keyof NewOrderItemRow)[];
const ORDER_ITEM_COLUMNS = ['order_id', ...PLACED_ITEM_COLUMNS] as const;

/** A line as checkout writes it, before its order has an id. */
export type PlacedItemRow = Required<Pick<NewOrderItemRow, (typeof PLACED_ITEM_COLUMNS)[number]>>;
export type PlacedOrderItemRow = PlacedItemRow & { order_id: number };

const valuesOf = <Row, Column extends keyof Row>(row: Row, columns: readonly Column[]) =>
  columns.map((column) => row[column]);

const pickColumns = <Row, Column extends keyof Row>(row: Row, columns: readonly Column[]) =>
  Object.fromEntries(columns.map((column) => [column, row[column]])) as Pick<Row, Column>;

const insertPlacedOrder = reusedQuery({
  build: (db, row: PlacedOrderRow) =>
    db.insertInto('orders').values(pickColumns(row, PLACED_ORDER_COLUMNS)).returningAll(),
  parameters: (row) => valuesOf(row, PLACED_ORDER_COLUMNS),
});

const insertOrderItemRows = reusedQuery({
  build: (db, rows: PlacedOrderItemRow[]) =>
    db
      .insertInto('order_items')
      .values(rows.map((row) => pickColumns(row, ORDER_ITEM_COLUMNS)))
      .returningAll(),
  shape: (rows) => rows.length,
  parameters: (rows) => rows.flatMap((row) => valuesOf(row, ORDER_ITEM_COLUMNS)),
});

export function setOrderStatus(
  db: Q,
  id: number,
  change: {
    status: string;
    completedAt: string | null;
    returnReason: string | null;
    voidReason: string | null;
    /** the handover's shop day, when the change hands the goods over */
    saleDate?: string;
    /** when the delivery sets off, the first time it is put on the way */
    departedAt?: string;
  },
) {
  return db
    .updateTable('orders')
    .set({
      status: change.status,
      completed_at: change.completedAt,
      return_reason: change.returnReason,
      void_reason: change.voidReason,
      ...(change.saleDate === undefined ? {} : { sale_date: change.saleDate }),
      ...(change.departedAt === undefined ? {} : { departed_at: change.departedAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** The order's row, locked until the commit on PostgreSQL: two changes of one order queue. */
export function lockOrderRow(db: Q, id: number, dialect: Dialect) {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function setIdCheckOverride(db: Q, id: number, override: string | null) {
  return db
    .updateTable('orders')
    .set({ id_check_override: override })
    .where('id', '=', id)
    .execute();
}

export function setHandoverNote(db: Q, id: number, note: string | null) {
  return db.updateTable('orders').set({ handover_note: note }).where('id', '=', id).execute();
}

/** The taxes and total of the handover day, and the note that says why they changed. */
export function setRepricedTaxes(
  db: Q,
  id: number,
  repriced: { taxes: unknown[]; totalCents: number; note: string },
) {
  return db
    .updateTable('orders')
    .set({
      taxes: JSON.stringify(repriced.taxes),
      total_cents: repriced.totalCents,
      handover_note: repriced.note,
    })
    .where('id', '=', id)
    .execute();
}

/** What the customer paid at handover (issue 36 item 23). */
export function setPayment(db: Q, id: number, payment: Payment) {
  return db
    .updateTable('orders')
    .set({ payment_method: payment.method, payment_collected_cents: toCents(payment.collected) })
    .where('id', '=', id)
    .execute();
}

/** One more try at the door, with the driver's note (issue 36 item 11). */
export function addDeliveryAttempt(db: Q, id: number, note: string) {
  return db
    .updateTable('orders')
    .set((eb) => ({ delivery_attempts: eb('delivery_attempts', '+', 1), attempt_note: note }))
    .where('id', '=', id)
    .execute();
}

/** Issue 38: the order now counts (or no longer counts) a place in its delivery window. */
export function setHoldsSlotPlace(db: Q, id: number, holds: boolean) {
  return db
    .updateTable('orders')
    .set({ holds_slot_place: holds ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Issue 38: the shop cancelled the order because nobody accepted it in time. */
export function setExpired(db: Q, id: number, at: string) {
  return db.updateTable('orders').set({ expired_at: at }).where('id', '=', id).execute();
}

/** Per product, the pending orders holding some of its stock and how much they took. */
export function heldStockByProduct(db: Q) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.product_id',
      eb.fn.count<number>('orders.id').distinct().as('pending_orders'),
      eb.fn.sum<number>('order_items.stock_taken').as('held'),
    ])
    .where('orders.status', '=', 'pending')
    .where('order_items.stock_taken', '>', 0)
    .groupBy('order_items.product_id')
    .orderBy('order_items.product_id')
    .execute();
}

/** Orders still waiting for the shop to accept them: what the expiry sweep reads. */
export function findPendingOrders(db: Q) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_type', 'created_at', 'delivery_date', 'delivery_time_window'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

export function setSaleDate(db: Q, id: number, saleDate: string) {
  return db.updateTable('orders').set({ sale_date: saleDate }).where('id', '=', id).execute();
}

/** PostgreSQL: one lock per key ("id <hash>", "customer <key>"), held to the commit. */
export async function lockKey(trx: Q, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export function setIdCheck(db: Q, id: number, check: { json: string; idHash: string }) {
  return db
    .updateTable('orders')
    .set({ id_check: check.json, id_hash: check.idHash })
    .where('id', '=', id)
    .execute();
}

/** The grams that orders count toward the daily limits, summed (0 with no order). */
const gramsTotals = (eb: ExpressionBuilder<Database, 'orders'>) => [
  eb.fn.coalesce(eb.fn.sum<number>('cannabis_grams'), eb.lit(0)).as('cannabis'),
  eb.fn.coalesce(eb.fn.sum<number>('concentrate_grams'), eb.lit(0)).as('concentrate'),
];

/** What other open orders checked with this ID on the sale day count toward its daily limits. */
export async function gramsForIdOn(
  db: Q,
  saleDate: string,
  idHash: string,
  exceptOrderId: number,
): Promise<{ cannabis: number; concentrate: number }> {
  const row = await db
    .selectFrom('orders')
    .select(gramsTotals)
    .where('id_hash', '=', idHash)
    .where('sale_date', '=', saleDate)
    .where('id', '!=', exceptOrderId)
    .executeTakeFirstOrThrow();
  return { cannabis: Number(row.cannabis), concentrate: Number(row.concentrate) };
}

/**
 * What was handed over on a sale day to one person, however they are known: the phone's key,
 * the shopper cookie or the checked ID's hash (issue 37 §2: the door re-check).
 */
export async function gramsHandedOverOn(
  db: Q,
  saleDate: string,
  who: { customerKey: string | null; shopperId: string | null; idHash: string | null },
  exceptOrderId: number,
): Promise<{ cannabis: number; concentrate: number }> {
  const row = await db
    .selectFrom('orders')
    .select(gramsTotals)
    .where('status', '=', 'completed')
    .where('id', '!=', exceptOrderId)
    .where((eb) =>
      eb.or([
        ...(who.customerKey
          ? [eb.and([eb('sale_date', '=', saleDate), eb('customer_key', '=', who.customerKey)])]
          : []),
        ...(who.shopperId
          ? [eb.and([eb('sale_date', '=', saleDate), eb('shopper_id', '=', who.shopperId)])]
          : []),
        ...(who.idHash
          ? [eb.and([eb('sale_date', '=', saleDate), eb('id_hash', '=', who.idHash)])]
          : []),
        eb.lit(false),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { cannabis: Number(row.cannabis), concentrate: Number(row.concentrate) };
}

/** The retail value of the goods a driver carries: assigned, not yet handed over or closed. */
export async function driverLoadCents(db: Q, driverId: number, exceptOrderId: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('subtotal_cents'), eb.lit(0)).as('cents'))
    .where('driver_id', '=', driverId)
    .where('status', 'not in', FINISHED_STATUSES)
    .where('id', '!=', exceptOrderId)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

export function setSignature(db: Q, id: number, signature: string) {
  return db.updateTable('orders').set({ signature }).where('id', '=', id).execute();
}

/** Issue 17 §4: who prepared the order and the customer's number, for its receipt. */
export function setReceiptFacts(
  db: Q,
  id: number,
  facts: { preparedBy: number | null; customerNumber: number | null },
) {
  return db
    .updateTable('orders')
    .set({ prepared_by: facts.preparedBy, customer_number: facts.customerNumber })
    .where('id', '=', id)
    .execute();
}

function findCustomerNumber(db: Q, customerKey: string) {
  return db
    .selectFrom('customer_numbers')
    .select('number')
    .where('customer_key', '=', customerKey)
    .executeTakeFirst();
}

/**
 * The customer's number, given on first need; the same one ever after. Read first: on
 * PostgreSQL an insert that meets the key still uses up a number.
 */
export async function customerNumberFor(db: Q, customerKey: string, now: string): Promise<number> {
  const known = await findCustomerNumber(db, customerKey);
  if (known) return known.number;
  // another order of the same new customer may be handed over at this very moment
  await db
    .insertInto('customer_numbers')
    .values({ customer_key: customerKey, created_at: now })
    .onConflict((oc) => oc.column('customer_key').doNothing())
    .execute();
  const row = await findCustomerNumber(db, customerKey);
  if (!row) throw new Error(`customer number for ${customerKey} not kept`);
  return row.number;
}

export function setOrderDriver(db: Q, id: number, driverId: number | null) {
  return db.updateTable('orders').set({ driver_id: driverId }).where('id', '=', id).execute();
}

/**
 * A returned or cancelled order sold nothing: it no longer counts toward the daily limits
 * and no longer holds a place in the schedule.
 */
export function releaseOrderHolds(db: Q, id: number) {
  return db
    .updateTable('orders')
    .set({ cannabis_grams: 0, concentrate_grams: 0, schedule_slot_id: null, holds_slot_place: 0 })
    .where('id', '=', id)
    .execute();
}

/** Its stock is back on the shelf: deleting the order later must not return it twice. */
export function clearStockTaken(db: Q, orderId: number) {
  return db
    .updateTable('order_items')
    .set({ stock_taken: 0 })
    .where('order_id', '=', orderId)
    .execute();
}

export function findActiveDriver(db: Q, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name'])
    .where('id', '=', id)
    .where('role', '=', 'driver')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** A member of staff's first name (their username when they have none yet). */
export async function findStaffName(db: Q, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'username'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.first_name || row.username : null;
}

export function findActiveDrivers(db: Q) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'employee_number'])
    .where('role', '=', 'driver')
    .where('disabled_at', 'is', null)
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

export function setOrderDelivery(
  db: Q,
  id: number,
  delivery: {
    deliveryDate: string;
    deliveryTimeWindow: string;
    deliveryNotes: string | null;
    scheduleSlotId: number | null;
  },
) {
  return db
    .updateTable('orders')
    .set({
      delivery_date: delivery.deliveryDate,
      delivery_time_window: delivery.deliveryTimeWindow,
      delivery_notes: delivery.deliveryNotes,
      schedule_slot_id: delivery.scheduleSlotId,
    })
    .where('id', '=', id)
    .execute();
}

export function deleteOrderRow(db: Q, id: number) {
  return db.deleteFrom('orders').where('id', '=', id).execute();
}

/** A product's flavor stocks, locked until the commit on PostgreSQL: the caller writes them back. */
export function lockProductFlavorStocks(db: Q, productId: number, dialect: Dialect) {
  const query = db.selectFrom('products').select('flavor_stocks').where('id', '=', productId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The order's products by id, in id order. Nothing is locked: prices and options are checked
 * against this reading, and the stock against the rows themselves when it is taken.
 */
export const findOrderProducts = reusedQuery({
  build: (db, ids: number[]) =>
    selectProducts(db).where('products.id', 'in', ids).orderBy('products.id'),
  shape: (ids) => ids.length,
  parameters: (ids) => ids,
});

export interface StockTake {
  productId: number;
  amount: number;
  /** what the take removes from each flavor's own stock (JSON), when the product keeps one */
  flavorsTaken?: string;
}

/** SQLite: the stock take (see writeOrder) as a statement of its own. */
const takeStocksSqlite = reusedQuery({
  build: (_db, takes: StockTake[]) => sql<ProductRow>`
        with ${takenRows(takes)}
        update products
        set stock = products.stock - taken.amount,
            flavor_stocks = case when taken.flavors is null then products.flavor_stocks else (
              select json_group_object(f.key, f.value - coalesce(
                (select d.value from json_each(taken.flavors) d where d.key = f.key), 0))
              from json_each(products.flavor_stocks) f) end
        from taken
        where products.id = taken.id and products.stock >= taken.amount
          and (taken.flavors is null or not exists (
            select 1 from json_each(taken.flavors) d
            where coalesce((select f.value from json_each(products.flavor_stocks) f
                            where f.key = d.key), -1) < d.value))
        ${returningProduct(sql`*`)}`,
  shape: (takes) => takes.length,
  parameters: (takes) => takeParameters(takes),
});

/** What each product gives, as the rows of a table `taken (id, amount, flavors)`. */
const takenRows = (takes: StockTake[]) => {
  const rows = takes.map(
    (take) =>
      sql`(cast(${take.productId} as integer), cast(${take.amount} as double precision), cast(${take.flavorsTaken ?? null} as text))`,
  );
  return sql`taken (id, amount, flavors) as (values ${sql.join(rows)})`;
};
const takeParameters = (takes: StockTake[]) =>
  takes.flatMap((take) => [take.productId, take.amount, take.flavorsTaken ?? null]);

/** PostgreSQL: the taken products, locked in id order before any is updated. */
const PG_LOCKED_TAKEN = sql`locked as (select products.id from products join taken on taken.id = products.id
  order by products.id for update of products)`;

/** PostgreSQL: the take itself, from the locked rows as they are now. */
const PG_TAKE = sql`update products
  set stock = products.stock - taken.amount,
      flavor_stocks = case when taken.flavors is null then products.flavor_stocks else (
        select coalesce(json_object_agg(f.key, f.value::numeric - coalesce(
          (taken.flavors::json ->> f.key)::numeric, 0) order by f.n), '{}')::text
        from json_each_text(products.flavor_stocks::json) with ordinality as f(key, value, n)) end
  from taken join locked on locked.id = taken.id
  where products.id = taken.id and products.stock >= taken.amount
    and (taken.flavors is null or not exists (
      select 1 from json_each_text(taken.flavors::json) d
      where coalesce((products.flavor_stocks::json ->> d.key)::numeric, -1) < d.value::numeric))
  ${returningProduct(sql`products.*`)}`;

export interface WrittenOrder {
  order: OrderRow;
  items: OrderItemRow[];
  /** the products the take took from, as it left them; a product missing here was short */
  took: ProductRow[];
}

/**
 * Writes a placed order: its row, its lines, then its stock take. The take takes from each
 * product only if its stock, and each flavor's it takes from, covers the amount: the database,
 * not the check before it, has the last word, and the new flavor stocks are computed from the
 * row as it is then. A product missing from `took` was short; the caller refuses the order.
 *
 * On PostgreSQL the three are one statement, so an order costs one round trip here instead of
 * three; the take still comes last, so the products are locked (in id order, so two orders
 * never wait on each other's rows in opposite orders) only from there to the commit. SQLite
 * runs in the process, where a statement costs no round trip.
 */
export async function writeOrder(
  db: Q,
  dialect: Dialect,
  order: PlacedOrderRow,
  items: PlacedItemRow[],
  takes: StockTake[],
): Promise<WrittenOrder> {
  if (dialect === 'postgres') {
    const [written] = await writeOrderAtOnce(db, order, items, takes);
    return written!;
  }
  const [placed] = await insertPlacedOrder(db, order);
  const lines = items.map((item) => ({ ...item, order_id: placed!.id }));
  return {
    order: placed!,
    items: await insertOrderItemRows(db, lines),
    took: takes.length > 0 ? await takeStocksSqlite(db, takes) : [],
  };
}

/** PostgreSQL: the order, its lines and its take in one statement, each part as JSON. */
const writeOrderAtOnce = reusedQuery({
  build: (_db, order: PlacedOrderRow, items: PlacedItemRow[], takes: StockTake[]) => {
    const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));
    const lines = items.map(
      (item) => sql`((select id from placed), ${sql.join(valuesOf(item, PLACED_ITEM_COLUMNS))})`,
    );
    const take =
      takes.length > 0
        ? sql`, ${takenRows(takes)}, ${PG_LOCKED_TAKEN}, took as (${PG_TAKE})`
        : sql``;
    return sql<WrittenOrder>`
      with placed as (
        insert into orders (${columns(PLACED_ORDER_COLUMNS)})
        values (${sql.join(valuesOf(order, PLACED_ORDER_COLUMNS))}) returning *),
      lines as (
        insert into order_items (${columns(ORDER_ITEM_COLUMNS)}) values ${sql.join(lines)}
        returning *)
      ${take}
      select row_to_json(placed) as "order",
        (select json_agg(lines order by lines.id) from lines) as items,
        ${takes.length > 0 ? sql`(select coalesce(json_agg(took), '[]') from took)` : sql`'[]'::json`} as took
      from placed`;
  },
  shape: (_order, items, takes) => `${items.length}:${takes.length}`,
  parameters: (order, items, takes) => [
    ...valuesOf(order, PLACED_ORDER_COLUMNS),
    ...items.flatMap((item) => valuesOf(item, PLACED_ITEM_COLUMNS)),
    ...takeParameters(takes),
  ],
});

/**
 * The product as the take left it, in the shape `selectProducts` reads. Its columns are `*` on
 * SQLite, where RETURNING sees only the updated table and refuses `products.*`.
 */
function returningProduct(columns: RawBuilder<unknown>) {
  return sql`returning ${columns},
  (select slug from categories where categories.id = products.category_id) as category,
  (select slug from categories where categories.id = products.subcategory_id) as subcategory`;
}

export function returnStock(db: Q, productId: number, amount: number, flavorStocks?: string) {
  return db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', amount),
      ...(flavorStocks === undefined ? {} : { flavor_stocks: flavorStocks }),
    }))
    .where('id', '=', productId)
    .execute();
}

export async function claimSlotPlace(db: Q, slotId: number) {
  const result = await db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '+', 1) }))
    .where('id', '=', slotId)
    .where((eb) => eb('current_orders', '<', eb.ref('max_orders')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The dealer's placement: counted even past the slot's capacity (the dealer decides). */
export function addSlotPlace(db: Q, slotId: number) {
  return db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '+', 1) }))
    .where('id', '=', slotId)
    .execute();
}

export function releaseSlotPlace(db: Q, slotId: number) {
  return db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '-', 1) }))
    .where('id', '=', slotId)
    .where('current_orders', '>', 0)
    .execute();
}

/** Orders holding a place in a weekly window (one without a slot row). */
export async function countOrdersInWindow(db: Q, date: string, window: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('delivery_date', '=', date)
    .where('delivery_time_window', '=', window)
    .where('holds_slot_place', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Scheduled orders not finished yet of one shopper cookie, or of one customer (the normalised
 * phone; the phone as typed when it has too few digits to normalise).
 */
export async function countOpenScheduledOrders(
  db: Q,
  who: { shopperId: string } | { customerKey: string | null; phone: string },
): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_type', '=', 'scheduled')
    .where('status', 'not in', FINISHED_STATUSES);
  if ('shopperId' in who) query = query.where('shopper_id', '=', who.shopperId);
  else if (who.customerKey) query = query.where('customer_key', '=', who.customerKey);
  else query = query.where('phone', '=', who.phone);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Scheduled orders for one delivery day still waiting for the shop to accept them. */
export async function countPendingScheduledOn(db: Q, date: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .where('order_type', '=', 'scheduled')
    .where('delivery_date', '=', date)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** PostgreSQL: orders for one date and weekly window (no slot row to count against) are placed one at a time. */
export async function lockDeliveryWindow(
  trx: Transaction<Database>,
  date: string,
  window: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${date} ${window}`}))`.execute(trx);
}

/** PostgreSQL: one shopper's scheduled orders are counted and placed one at a time. */
export async function lockShopper(trx: Transaction<Database>, shopperId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`shopper ${shopperId}`}))`.execute(trx);
}

/** What a customer's orders count on a sale day: the shopper's own, and others' under the phone. */
export interface DayGrams {
  own: { cannabis: number; concentrate: number };
  others: { cannabis: number; concentrate: number };
}

const gramsOf = (cannabis: unknown, concentrate: unknown) => ({
  cannabis: Number(cannabis ?? 0),
  concentrate: Number(concentrate ?? 0),
});

const sumsOfDay = reusedQuery({
  build: (
    db,
    saleDate: string,
    customerKey: string | null,
    shopperId: string,
    exceptOrderId: number,
  ) => {
    const mine = (column: 'cannabis_grams' | 'concentrate_grams', own: boolean) => {
      const grams = sql.ref(column);
      const [ifOwn, ifOther] = own ? [grams, sql`0`] : [sql`0`, grams];
      return sql<number>`coalesce(sum(case when ${sql.ref('shopper_id')} = ${shopperId} then ${ifOwn} else ${ifOther} end), 0)`;
    };
    return (
      db
        .selectFrom('orders')
        .select([
          mine('cannabis_grams', true).as('own_cannabis'),
          mine('concentrate_grams', true).as('own_concentrate'),
          mine('cannabis_grams', false).as('other_cannabis'),
          mine('concentrate_grams', false).as('other_concentrate'),
        ])
        .where('id', '!=', exceptOrderId)
        // each side of the OR names its whole index, so only this customer's rows of the day are read
        .where((eb) =>
          eb.or([
            eb.and([eb('sale_date', '=', saleDate), eb('shopper_id', '=', shopperId)]),
            ...(customerKey
              ? [
                  eb.and([
                    eb('sale_date', '=', saleDate),
                    eb('customer_key', '=', customerKey),
                    eb('status', '!=', 'pending'),
                  ]),
                ]
              : []),
          ]),
        )
    );
  },
  shape: (_saleDate, customerKey, _shopperId, _exceptOrderId) =>
    customerKey ? 'customer' : 'shopper only',
  parameters: (saleDate, customerKey, shopperId, exceptOrderId) => [
    ...Array(4).fill(shopperId),
    exceptOrderId,
    saleDate,
    shopperId,
    ...(customerKey ? [saleDate, customerKey, 'pending'] : []),
  ],
});

/**
 * What counts toward a customer's limits on a sale day (issue 37 §2): every order of this
 * shopper, and the orders of other shoppers under the same phone once staff accepted them (an
 * unaccepted prank order cannot use up a stranger's day). Closed orders count 0. One statement,
 * compiled once per shape and reused.
 */
export async function dayGramsOf(
  db: Q,
  saleDate: string,
  customerKey: string | null,
  shopperId: string,
  exceptOrderId = 0,
): Promise<DayGrams> {
  const [row] = await sumsOfDay(db, saleDate, customerKey, shopperId, exceptOrderId);
  return {
    own: gramsOf(row?.own_cannabis, row?.own_concentrate),
    others: gramsOf(row?.other_cannabis, row?.other_concentrate),
  };
}

/**
 * PostgreSQL: the same sums, read after taking the customer's and the shopper's locks, so one
 * customer's orders are counted against the daily limits one at a time; one round trip (the
 * function of migration 0029).
 */
export async function dayGramsOfLocked(
  trx: Transaction<Database>,
  saleDate: string,
  customerKey: string | null,
  shopperId: string,
): Promise<DayGrams> {
  const { rows } = await sql<Record<string, number>>`
    select * from canopy_day_grams(${saleDate}, ${customerKey}, ${shopperId})
  `.execute(trx);
  const row = rows[0] ?? {};
  return {
    own: gramsOf(row.own_cannabis, row.own_concentrate),
    others: gramsOf(row.other_cannabis, row.other_concentrate),
  };
}

export async function findOrderOwner(db: Q, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('shopper_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.shopper_id ?? null;
}

export interface IdempotencyRecord {
  key: string;
  requestHash: string;
}

export function findIdempotencyKey(db: Q, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Writes the key with its answer unless the key is already there (then false). Inside the
 * order's transaction a concurrent holder of the key makes PostgreSQL wait for its outcome.
 */
export async function insertIdempotencyKey(
  db: Q,
  record: IdempotencyRecord,
  answer: { statusCode: number | null; body: unknown },
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      key: record.key,
      request_hash: record.requestHash,
      status_code: answer.statusCode,
      response_body: answer.statusCode === null ? null : JSON.stringify(answer.body),
      created_at: createdAt,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function setIdempotencyAnswer(
  db: Q,
  key: string,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response_body: JSON.stringify(answer.body) })
    .where('key', '=', key)
    .execute();
}

export async function deleteIdempotencyKeysBefore(db: Q, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * PostgreSQL: the dealer settings row and every delivery zone, in one round trip instead of
 * two, in the order their own reads give (`findSettingsRow`, `listZoneRows`).
 */
export const readSettingsAndZones = reusedQuery({
  build: () =>
    sql<{ settings: DealerSettingsRow | null; zones: DeliveryZoneRow[] }>`select
      (select row_to_json(s) from (select * from dealer_settings order by id limit 1) s) as settings,
      (select coalesce(json_agg(z order by z.name, z.id), '[]') from delivery_zones z) as zones`,
  parameters: () => [],
});
