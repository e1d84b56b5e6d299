import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';
import { DAY_KEYS, pgReportFunctions } from './2026-11-30T0043-report-summaries';

/**
 * PostgreSQL: the reports' per-day sums in eight shards by order id (decision 017, amended).
 * Unsharded, every checkout of a shop day updated the same `report_days` and quarter-hour rows
 * and waited on the one before it until that one committed; consecutive orders now land in
 * different rows. SQLite has one writer at a time and keeps one row per key.
 */
const SHARDS = 8;

const TABLES = [
  { table: 'report_days', keys: DAY_KEYS },
  { table: 'report_day_products', keys: ['shop_date', 'product_id'] },
  { table: 'report_day_quarters', keys: ['shop_date', 'quarter'] },
];

/** Each table's key, with or without the shard; the sums are rebuilt from the orders. */
async function rekey(db: AnyDb, shards: number | null): Promise<void> {
  for (const { table, keys } of TABLES) {
    await sql.raw(`truncate ${table}`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_pk`).execute(db);
    if (shards) {
      await sql.raw(`alter table ${table} add column shard smallint not null`).execute(db);
    } else {
      await sql.raw(`alter table ${table} drop column shard`).execute(db);
    }
    const key = [...keys, ...(shards ? ['shard'] : [])].join(', ');
    await sql
      .raw(`alter table ${table} add constraint ${table}_pk primary key (${key})`)
      .execute(db);
  }
  for (const statement of pgReportFunctions(shards)) await sql.raw(statement).execute(db);
  await sql.raw('select count(canopy_report_add(o, 1, true)) from orders as o').execute(db);
}

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await rekey(db, SHARDS);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await rekey(db, null);
}
