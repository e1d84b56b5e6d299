import type { Insertable, Updateable } from 'kysely';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connect';
import { locksRows } from '../../db/dialect';
import { reusedQuery } from '../../db/reused-query';
import type { Database, DealerSettingsTable } from '../../db/schema';

const selectSettingsRow = reusedQuery({
  build: (db) => db.selectFrom('dealer_settings').selectAll().orderBy('id').limit(1),
  parameters: () => [1],
});

/** Read by every order: compiled once (see reused-query.ts). */
export async function findSettingsRow(db: Kysely<Database>) {
  const [row] = await selectSettingsRow(db);
  return row;
}

export function insertSettingsRow(db: Kysely<Database>, values: Insertable<DealerSettingsTable>) {
  return db.insertInto('dealer_settings').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSettingsRow(
  db: Kysely<Database>,
  id: number,
  values: Updateable<DealerSettingsTable>,
) {
  return db
    .updateTable('dealer_settings')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The first save creates the one settings row; two at once must not create two. PostgreSQL
 * saves take turns on an advisory lock; on SQLite the single writer already runs them in turn.
 */
export async function lockDealerSettings(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (!locksRows(dialect)) return;
  await sql`select pg_advisory_xact_lock(hashtext('canopy.dealer_settings'))`.execute(db);
}
