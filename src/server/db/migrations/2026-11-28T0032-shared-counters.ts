import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * The abuse limits' counts, shared by every instance on one PostgreSQL (SQLite
 * runs one instance and keeps them in memory). One row per key and window: its count and the
 * epoch millisecond its window ends.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_counters').ifExists().execute();
}
