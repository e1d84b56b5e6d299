import type { Kysely } from 'kysely';
import type { Database, StoreProfileTable } from '../../db/schema';

export function findStoreProfileRow(db: Kysely<Database>, lock = false) {
  const query = db.selectFrom('store_profile').selectAll().where('id', '=', 1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function updateStoreProfileRow(db: Kysely<Database>, values: Omit<StoreProfileTable, 'id'>) {
  return db
    .updateTable('store_profile')
    .set(values)
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
