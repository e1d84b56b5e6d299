import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connect';
import { countRows } from '../../db/count-rows';
import { forUpdate } from '../../db/dialect';
import type { Database, MetrcPackagesTable, OrderLinePackagesTable } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// ---- packages ----

export function findPackageByTag(db: Q, tag: string) {
  return db.selectFrom('metrc_packages').selectAll().where('tag', '=', tag).executeTakeFirst();
}

export function findPackage(db: Q, id: number) {
  return db.selectFrom('metrc_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function correctPackage(db: Q, id: number, itemName: string, quantityRemaining: number) {
  return db
    .updateTable('metrc_packages')
    .set({ item_name: itemName, quantity_remaining: quantityRemaining })
    .where('id', '=', id)
    .execute();
}

export function insertPackage(db: Q, row: Insertable<MetrcPackagesTable>) {
  return db.insertInto('metrc_packages').values(row).returning('id').executeTakeFirstOrThrow();
}

export function listPackages(db: Q, productId?: number) {
  let query = db
    .selectFrom('metrc_packages')
    .leftJoin('products', 'products.id', 'metrc_packages.product_id')
    .selectAll('metrc_packages')
    .select('products.name as product_name')
    .orderBy('metrc_packages.received_at', 'desc')
    .orderBy('metrc_packages.id', 'desc');
  if (productId !== undefined) query = query.where('metrc_packages.product_id', '=', productId);
  return query.execute();
}

/** The product (locked until the commit on PostgreSQL) whose stock a package adds to. */
export function lockProduct(db: Q, productId: number, dialect: Dialect) {
  const query = db
    .selectFrom('products')
    .select(['id', 'name', 'stock', 'flavor_stocks', 'flavors'])
    .where('id', '=', productId);
  return forUpdate(query, dialect).executeTakeFirst();
}

export function setProductStock(db: Q, productId: number, stock: number, flavorStocks: string) {
  return db
    .updateTable('products')
    .set({ stock, flavor_stocks: flavorStocks })
    .where('id', '=', productId)
    .execute();
}

/**
 * The packages a line can take from, oldest first (first in, first out), locked until the
 * commit on PostgreSQL so two handovers never take the same quantity.
 */
export function lockOpenPackages(
  db: Q,
  productId: number,
  flavor: string | null,
  dialect: Dialect,
) {
  let query = db
    .selectFrom('metrc_packages')
    .selectAll()
    .where('product_id', '=', productId)
    .where('quantity_remaining', '>', 0)
    .orderBy('received_at')
    .orderBy('id');
  if (flavor !== null) query = query.where('flavor', '=', flavor);
  return forUpdate(query, dialect).execute();
}

export function takeFromPackage(db: Q, id: number, quantity: number) {
  return db
    .updateTable('metrc_packages')
    .set((eb) => ({ quantity_remaining: eb('quantity_remaining', '-', quantity) }))
    .where('id', '=', id)
    .execute();
}

export function insertLinePackages(db: Q, rows: Insertable<OrderLinePackagesTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto('order_line_packages').values(rows).execute();
}

export function findLinePackages(db: Q, orderId: number) {
  return db
    .selectFrom('order_line_packages')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

// ---- outbox ----

/** Who drove a delivery, as its report to Metrc names them. */
export function findDriver(db: Q, id: number) {
  return db
    .selectFrom('users')
    .select(['first_name', 'employee_number'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The shop's phone number (the store profile's), for Metrc's questions about a delivery. */
export async function shopPhone(db: Q): Promise<string | null> {
  const row = await db.selectFrom('store_profile').select('phone').executeTakeFirst();
  return row?.phone ?? null;
}

/** A sale is reported as a receipt (over the counter) or a delivery; a return corrects it. */
export type OutboxKind = 'sale' | 'delivery' | 'return';
const SALE_KINDS = ['sale', 'delivery'] as const;

export interface NewOutboxRow {
  kind: OutboxKind;
  order_id: number;
  return_id: number | null;
  external_number: string;
  sale_date: string;
  payload: string;
  status: 'pending';
  next_attempt_at: string;
  created_at: string;
}

export function insertOutbox(db: Q, row: NewOutboxRow) {
  return db.insertInto('metrc_outbox').values(row).returning('id').executeTakeFirstOrThrow();
}

/**
 * Claims up to `limit` entries that are due (pending and past their next attempt, or sending
 * under a lease that ran out: the worker holding it died), marking them sending under a new
 * lease. On PostgreSQL `for update skip locked` lets each instance take different entries; on
 * SQLite one process drains and the update is one statement.
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  now: string,
  leaseUntil: string,
  limit: number,
) {
  const skipLocked = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<ClaimedRow>`
    update metrc_outbox set status = 'sending', lease_until = ${leaseUntil},
      attempts = attempts + 1
    where id in (
      select id from metrc_outbox
      where (status = 'pending' and next_attempt_at <= ${now})
         or (status = 'sending' and lease_until < ${now})
      order by id
      limit ${limit}
      ${skipLocked}
    )
    returning id, kind, order_id, return_id, external_number, payload, attempts, metrc_id`.execute(
    db,
  );
  return rows.sort((a, b) => a.id - b.id);
}

export interface ClaimedRow {
  id: number;
  kind: string;
  order_id: number;
  return_id: number | null;
  external_number: string;
  payload: string;
  attempts: number;
  /** Metrc's id once known: a delivery's, recorded before it is completed */
  metrc_id: number | null;
}

/** The outbox entry of the order's sale (as first reported, its kind and its shop day). */
export function findSaleEntry(db: Q, orderId: number) {
  return db
    .selectFrom('metrc_outbox')
    .select(['kind', 'payload', 'sale_date'])
    .where('order_id', '=', orderId)
    .where('kind', 'in', SALE_KINDS)
    .executeTakeFirst();
}

/** Metrc's id of a delivery it recorded, kept before the delivery is completed. */
export function setMetrcId(db: Q, id: number, metrcId: number) {
  return db.updateTable('metrc_outbox').set({ metrc_id: metrcId }).where('id', '=', id).execute();
}

/** The order's sale once reported: how (receipt or delivery) and Metrc's id. */
export async function reportedSale(
  db: Q,
  orderId: number,
): Promise<{ kind: OutboxKind; metrcId: number } | null> {
  const row = await db
    .selectFrom('metrc_outbox')
    .select(['kind', 'metrc_id'])
    .where('order_id', '=', orderId)
    .where('kind', 'in', SALE_KINDS)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return row?.metrc_id == null ? null : { kind: row.kind as OutboxKind, metrcId: row.metrc_id };
}

export function markSent(db: Q, id: number, metrcId: number | null, at: string) {
  return db
    .updateTable('metrc_outbox')
    .set({ status: 'sent', metrc_id: metrcId, sent_at: at, lease_until: null, error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Back to pending, tried again at `next` (an outage, a time-out, an earlier entry not sent). */
export function markRetry(db: Q, id: number, next: string, error: string | null) {
  return db
    .updateTable('metrc_outbox')
    .set({ status: 'pending', next_attempt_at: next, lease_until: null, error })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Metrc refused it: it waits for the owner to correct it and send it again. */
export function markFailed(db: Q, id: number, error: string) {
  return db
    .updateTable('metrc_outbox')
    .set({ status: 'failed', lease_until: null, error })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export function findOutbox(db: Q, id: number, dialect: Dialect) {
  const query = db.selectFrom('metrc_outbox').selectAll().where('id', '=', id);
  return forUpdate(query, dialect).executeTakeFirst();
}

export function requeue(db: Q, id: number, payload: string, now: string) {
  return db
    .updateTable('metrc_outbox')
    .set({ status: 'pending', payload, next_attempt_at: now, error: null })
    .where('id', '=', id)
    .execute();
}

/** Per shop day: how many entries are reported, waiting and refused. */
export function outboxDays(db: Q, limit: number) {
  return db
    .selectFrom('metrc_outbox')
    .select((eb) => [
      'sale_date',
      eb.fn.sum<number>(sql`case when status = 'sent' then 1 else 0 end`).as('reported'),
      eb.fn
        .sum<number>(sql`case when status in ('pending', 'sending') then 1 else 0 end`)
        .as('pending'),
      eb.fn.sum<number>(sql`case when status = 'failed' then 1 else 0 end`).as('failed'),
    ])
    .groupBy('sale_date')
    .orderBy('sale_date', 'desc')
    .limit(limit)
    .execute();
}

export function outboxOfDay(db: Q, saleDate: string) {
  return db
    .selectFrom('metrc_outbox')
    .innerJoin('orders', 'orders.id', 'metrc_outbox.order_id')
    .select([
      'metrc_outbox.id',
      'metrc_outbox.kind',
      'metrc_outbox.order_id',
      'metrc_outbox.external_number',
      'metrc_outbox.status',
      'metrc_outbox.attempts',
      'metrc_outbox.metrc_id',
      'metrc_outbox.error',
      'metrc_outbox.created_at',
      'metrc_outbox.sent_at',
      'metrc_outbox.payload',
      'orders.customer',
    ])
    .where('metrc_outbox.sale_date', '=', saleDate)
    .orderBy('metrc_outbox.id')
    .execute();
}

const unreported = (db: Q) => db.selectFrom('metrc_outbox').where('status', '!=', 'sent');

/** Entries not reported that were written before `before` (an ISO instant). */
export function unreportedSince(db: Q, before: string): Promise<number> {
  return countRows(unreported(db).where('created_at', '<', before));
}

export function unreportedCount(db: Q): Promise<number> {
  return countRows(unreported(db));
}

/**
 * What a product's packages can still cover: their remaining quantity, less what orders not
 * yet handed over took from the product's stock (packages give it up only at handover).
 */
export async function packagedStockLeft(db: Q, productId: number): Promise<number> {
  const packages = await db
    .selectFrom('metrc_packages')
    .select((eb) => eb.fn.sum<number>('quantity_remaining').as('left'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const held = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.sum<number>('order_items.stock_taken').as('held'))
    .where('order_items.product_id', '=', productId)
    .where('order_items.cannabis', '=', 1)
    .where('orders.status', 'not in', ['completed', 'returned', 'cancelled'])
    .executeTakeFirst();
  return Number(packages?.left ?? 0) - Number(held?.held ?? 0);
}
