import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect';
import { forUpdate } from '../../db/dialect';
import type { Database, StoreProfileTable } from '../../db/schema';

/** Given `lockOn`, the row stays locked until the commit where that database needs it. */
export function findStoreProfileRow(db: Kysely<Database>, lockOn?: Dialect) {
  const query = db.selectFrom('store_profile').selectAll().where('id', '=', 1);
  return forUpdate(query, lockOn).executeTakeFirst();
}

export function updateStoreProfileRow(db: Kysely<Database>, values: Omit<StoreProfileTable, 'id'>) {
  return db
    .updateTable('store_profile')
    .set(values)
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
