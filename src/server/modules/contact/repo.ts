import type { Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema';

export function insertContactMessage(
  db: Kysely<Database>,
  message: Omit<ContactMessagesTable, 'id'>,
) {
  return db.insertInto('contact_messages').values(message).execute();
}

/** The newest messages first, at most `limit`. */
export function listContactMessageRows(db: Kysely<Database>, limit: number) {
  return db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
