import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every product, oldest first; locked until commit on PostgreSQL when an import applies. */
export function listProductRows(db: Kysely<Database>, lock = false) {
  const query = db.selectFrom('products').selectAll().orderBy('id');
  return (lock ? query.forUpdate() : query).execute();
}
