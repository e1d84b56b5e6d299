import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * PostgreSQL: the reports' triggers on order lines find each line's order by its key, always.
 *
 * A plpgsql function keeps a statement's plan for the life of its connection. The lines'
 * trigger joins them to `orders`; planned while a shop's orders were few (a new shop, or a
 * pool's connection opened after a restart on a quiet morning), the join scanned every order and
 * hashed them, and kept doing so as the day filled up, until statistics next reached that
 * connection. The checkout bench measured about a fifth of PostgreSQL's CPU per order there. With
 * sequential scans off inside these two functions, the plan is an index lookup per line's order
 * whatever the statistics say; nothing else in them can use a sequential scan.
 */
const FUNCTIONS = ['canopy_report_items_added()', 'canopy_report_line(order_items, integer)'];

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const name of FUNCTIONS)
    await sql.raw(`alter function ${name} set enable_seqscan = off`).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const name of FUNCTIONS)
    await sql.raw(`alter function ${name} reset enable_seqscan`).execute(db);
}
