import type { Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema';

export function insertContactMessage(
  db: Kysely<Database>,
  message: Omit<ContactMessagesTable, 'id' | 'handled_at' | 'chat_session_id'> &
    Partial<Pick<ContactMessagesTable, 'chat_session_id'>>,
) {
  return db
    .insertInto('contact_messages')
    .values({ chat_session_id: null, ...message, handled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The newest messages first, at most `limit`. */
export function listContactMessageRows(db: Kysely<Database>, limit: number) {
  return db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export function setContactMessageHandled(
  db: Kysely<Database>,
  id: number,
  handledAt: string | null,
) {
  return db
    .updateTable('contact_messages')
    .set({ handled_at: handledAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
