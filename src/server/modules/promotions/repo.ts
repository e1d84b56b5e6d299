import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listPromotionRows(db: Kysely<Database>) {
  return db.selectFrom('promotions').selectAll().orderBy('display_order').orderBy('id').execute();
}
