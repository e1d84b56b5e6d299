import type { Dialect } from '../connect';
import { type AnyDb, addIndex, serialKey } from '../migration-helpers';

/**
 * State track-and-trace (Metrc).
 * - `metrc_packages`: the packages the shop received, by their 24-character tag, against a
 *   product (and flavor); `quantity_remaining` is what sales have not yet taken (FIFO).
 * - `order_line_packages`: which package(s) each handed-over line took, and how much of each.
 * - `metrc_outbox`: the reports to send, written in the handover's (or the return's)
 *   transaction; `external_number` is the receipt number Metrc keeps, so a resend after a
 *   crash first asks Metrc whether it already has it.
 * - `worker_leases`: which instance holds a duty that must run on one instance only (the
 *   Telegram poller), until when.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('metrc_packages')
    .$call(serialKey(dialect))
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('unit_of_measure', 'text', (c) => c.notNull())
    .addColumn('quantity_received', 'double precision', (c) => c.notNull())
    .addColumn('quantity_remaining', 'double precision', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('flavor', 'text')
    .addColumn('staff_id', 'integer', (c) => c.references('users.id'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'metrc_packages', 'metrc_packages_product', ['product_id', 'received_at']);
  await db.schema
    .createTable('order_line_packages')
    .$call(serialKey(dialect))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull())
    .addColumn('package_id', 'integer', (c) => c.notNull().references('metrc_packages.id'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('unit_of_measure', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'order_line_packages', 'order_line_packages_order', 'order_id');
  await db.schema
    .createTable('metrc_outbox')
    .$call(serialKey(dialect))
    /** 'sale' (a new receipt) or 'return' (the receipt as it stands after a return) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('return_id', 'integer')
    .addColumn('external_number', 'text', (c) => c.notNull().unique())
    /** the shop day of the sale: the State reporting page groups by it */
    .addColumn('sale_date', 'text', (c) => c.notNull())
    /** JSON: the receipt as Metrc's API takes it */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending, sending (leased to one worker), sent, failed (refused by Metrc) */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('metrc_id', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await addIndex(db, 'metrc_outbox', 'metrc_outbox_due', ['status', 'next_attempt_at']);
  await addIndex(db, 'metrc_outbox', 'metrc_outbox_sale_date', 'sale_date');
  await db.schema
    .createTable('worker_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('worker_leases').execute();
  await db.schema.dropTable('metrc_outbox').execute();
  await db.schema.dropTable('order_line_packages').execute();
  await db.schema.dropTable('metrc_packages').execute();
}
