import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function findSessionOwner(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('chat_sessions')
    .select('shopper_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export function findNewestSessionOf(db: Kysely<Database>, shopperId: string, createdAfter: string) {
  return db
    .selectFrom('chat_sessions')
    .select('id')
    .where('shopper_id', '=', shopperId)
    .where('created_at', '>=', createdAfter)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
