import type { Kysely } from 'kysely';
import { selectProducts } from '../../db/category-references';
import type { Database } from '../../db/schema';

/** Every product, oldest first; locked until commit on PostgreSQL when an import applies. */
export function listProductRows(db: Kysely<Database>, lock = false) {
  const query = selectProducts(db).orderBy('products.id');
  return (lock ? query.forUpdate('products') : query).execute();
}
