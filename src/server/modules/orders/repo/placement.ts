/** Writing a placed order: its row, its lines and its stock take. */
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../../db/connect';
import { reusedQuery } from '../../../db/reused-query';
import type {
  Database,
  NewOrderItemRow,
  NewOrderRow,
  OrderItemRow,
  OrderRow,
  ProductRow,
} from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

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
