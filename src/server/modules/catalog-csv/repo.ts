import type { Kysely } from 'kysely';
import { selectProducts } from '../../db/category-references';
import type { Dialect } from '../../db/connect';
import { locksRows } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** Every product, oldest first; locked until commit on PostgreSQL when an import applies. */
/** Given `lockOn`, the rows stay locked until the commit where that database needs it. */
export function listProductRows(db: Kysely<Database>, lockOn?: Dialect) {
  const query = selectProducts(db).orderBy('products.id');
  return (locksRows(lockOn) ? query.forUpdate('products') : query).execute();
}
