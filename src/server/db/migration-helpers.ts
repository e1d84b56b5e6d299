import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from './connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema type
export type AnyDb = Kysely<any>;

/** One index on `table`, over one column or several in order. */
export async function addIndex(
  db: AnyDb,
  table: string,
  name: string,
  columns: string | string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const index = db.schema.createIndex(name).on(table).columns([columns].flat());
  await (options.unique ? index.unique() : index).execute();
}

/**
 * An integer primary key the database numbers: `serial` on PostgreSQL, `integer … autoincrement`
 * on SQLite (which never reuses a number, as PostgreSQL's sequence does not). For `$call`.
 */
export function serialKey(dialect: Dialect, column = 'id') {
  // biome-ignore lint/suspicious/noExplicitAny: see AnyDb
  return <T extends CreateTableBuilder<any, any>>(builder: T): T =>
    (dialect === 'postgres'
      ? builder.addColumn(column, 'serial', (c) => c.primaryKey())
      : builder.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())) as T;
}
