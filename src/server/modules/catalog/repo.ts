import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listProductRows(db: Kysely<Database>) {
  return db.selectFrom('products').selectAll().orderBy('id').execute();
}

export function listProductRowsCreatedSince(db: Kysely<Database>, sinceIso: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('created_at', '>=', sinceIso)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findProductRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProductRowsByCategory(db: Kysely<Database>, category: string) {
  return db.selectFrom('products').selectAll().where('category', '=', category).execute();
}

export function listCategoryRows(db: Kysely<Database>) {
  return db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('name').execute();
}
