import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { ChatMessagesTable, Database } from '../../db/schema';

/** Who owns the session and whether it is muted; undefined when there is no such session. */
export function findSession(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('chat_sessions')
    .select(['shopper_id', 'muted_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

function updateSession(
  db: Kysely<Database>,
  sessionId: string,
  values: UpdateObject<Database, 'chat_sessions'>,
) {
  return db.updateTable('chat_sessions').set(values).where('id', '=', sessionId).execute();
}

export function muteSession(db: Kysely<Database>, sessionId: string, at: string) {
  return updateSession(db, sessionId, { muted_at: at, unread_count: 0 });
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

/** Creates the session unless it exists. */
export function insertSessionIfMissing(
  db: Kysely<Database>,
  session: { id: string; shopperId: string | null; now: string },
) {
  return db
    .insertInto('chat_sessions')
    .values({
      id: session.id,
      shopper_id: session.shopperId,
      name: null,
      email: null,
      phone: null,
      created_at: session.now,
      last_message_at: session.now,
      unread_count: 0,
      muted_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function insertMessage(db: Kysely<Database>, message: Omit<ChatMessagesTable, 'id'>) {
  return db.insertInto('chat_messages').values(message).execute();
}

/** A shopper wrote: one more unread message. */
export function countUnread(db: Kysely<Database>, sessionId: string, at: string) {
  return updateSession(db, sessionId, {
    last_message_at: at,
    unread_count: (eb) => eb('unread_count', '+', 1),
  });
}

/** Support answered: the session is read up to now. */
export function markAnswered(db: Kysely<Database>, sessionId: string, at: string) {
  return updateSession(db, sessionId, { last_message_at: at, unread_count: 0 });
}

/** The same support text in this session since `since`, if any. */
export function findRecentSupportMessage(
  db: Kysely<Database>,
  sessionId: string,
  message: string,
  since: string,
) {
  return db
    .selectFrom('chat_messages')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('is_from_support', '=', 1)
    .where('message', '=', message)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

export function listMessageRows(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();
}

export function setSessionContact(
  db: Kysely<Database>,
  sessionId: string,
  contact: { name: string; email: string; phone: string },
) {
  return updateSession(db, sessionId, contact);
}

/** Where a page of the inbox starts: after this session in its order. */
export interface InboxCursor {
  unread: 0 | 1;
  lastMessageAt: string;
  id: string;
}

/**
 * The inbox's sessions that are not muted: unread first, then the newest message first,
 * `limit` of them after `after`.
 */
export function listSessionRows(db: Kysely<Database>, limit: number, after: InboxCursor | null) {
  const unread = sql<number>`case when unread_count > 0 then 1 else 0 end`;
  let query = db
    .selectFrom('chat_sessions')
    .selectAll()
    .select(unread.as('has_unread'))
    .where('muted_at', 'is', null);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb(unread, '<', after.unread),
        eb.and([eb(unread, '=', after.unread), eb('last_message_at', '<', after.lastMessageAt)]),
        eb.and([
          eb(unread, '=', after.unread),
          eb('last_message_at', '=', after.lastMessageAt),
          eb('id', '<', after.id),
        ]),
      ]),
    );
  return query
    .orderBy(unread, 'desc')
    .orderBy('last_message_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findLastMessage(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('chat_messages')
    .select('message')
    .where('session_id', '=', sessionId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function setUnreadNone(db: Kysely<Database>, sessionId: string) {
  return updateSession(db, sessionId, { unread_count: 0 });
}

export async function deleteSessionsCreatedBefore(
  db: Kysely<Database>,
  cutoff: string,
): Promise<number> {
  const result = await db
    .deleteFrom('chat_sessions')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findSessionIdByExternalRef(db: Kysely<Database>, externalRef: string) {
  return db
    .selectFrom('chat_messages')
    .select('session_id')
    .where('external_ref', '=', externalRef)
    .executeTakeFirst();
}

/** Links the shopper's message sent at `timestamp` to its copy in the messaging app. */
export function setExternalRef(
  db: Kysely<Database>,
  sessionId: string,
  timestamp: string,
  externalRef: string,
) {
  return db
    .updateTable('chat_messages')
    .set({ external_ref: externalRef })
    .where('session_id', '=', sessionId)
    .where('created_at', '=', timestamp)
    .where('is_from_support', '=', 0)
    .execute();
}
