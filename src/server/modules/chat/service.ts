import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChatMessagePayload } from '../../../shared/events';
import type { Database } from '../../db/schema';
import * as repo from './repo';

export const CHAT_SESSION_ID = /^session-\d{10,16}-[A-Za-z0-9]{4,40}$/;
export const CHAT_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DUPLICATE_WINDOW_MS = 5000;

/** A server-issued chat session id: the spec's `session-<timestamp>-<random>`, with 128 random bits. */
export function newChatSessionId(now = Date.now()): string {
  return `session-${now}-${randomBytes(16).toString('hex')}`;
}

/** The shopper's newest chat session that has not expired, so a reload resumes it. */
export async function currentChatSessionOf(
  db: Kysely<Database>,
  shopperId: string,
  now = new Date(),
): Promise<string | null> {
  const cutoff = new Date(now.getTime() - CHAT_SESSION_LIFETIME_MS).toISOString();
  return (await repo.findNewestSessionOf(db, shopperId, cutoff))?.id ?? null;
}

/**
 * Whether a chat session belongs to this shopper: the row names them. A
 * session with no owner (from before ids were bound) belongs to nobody.
 */
export async function isChatSessionOf(
  db: Kysely<Database>,
  sessionId: string,
  shopperId: string | null,
): Promise<boolean> {
  if (!shopperId) return false;
  const row = await repo.findSessionOwner(db, sessionId);
  return row?.shopper_id === shopperId;
}

export async function chatSessionExists(db: Kysely<Database>, sessionId: string) {
  return (await repo.findSessionOwner(db, sessionId)) !== undefined;
}

export interface ChatSessionSummary {
  sessionId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
  lastMessageAt: string;
  unreadCount: number;
  lastMessage: string | null;
}

async function ensureSession(
  db: Kysely<Database>,
  sessionId: string,
  shopperId: string | null,
  now: string,
) {
  await db
    .insertInto('chat_sessions')
    .values({
      id: sessionId,
      shopper_id: shopperId,
      name: null,
      email: null,
      phone: null,
      created_at: now,
      last_message_at: now,
      unread_count: 0,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function recordShopperMessage(
  db: Kysely<Database>,
  input: {
    sessionId: string;
    shopperId: string | null;
    message: string;
    name?: string;
    email?: string;
    phone?: string;
  },
  now = new Date(),
): Promise<ChatMessagePayload> {
  const timestamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await ensureSession(trx, input.sessionId, input.shopperId, timestamp);
    await trx
      .insertInto('chat_messages')
      .values({
        session_id: input.sessionId,
        message: input.message,
        is_from_support: 0,
        name: input.name ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        created_at: timestamp,
        external_ref: null,
      })
      .execute();
    await trx
      .updateTable('chat_sessions')
      .set((eb) => ({ last_message_at: timestamp, unread_count: eb('unread_count', '+', 1) }))
      .where('id', '=', input.sessionId)
      .execute();
  });
  return {
    message: input.message,
    timestamp,
    name: input.name,
    email: input.email,
    phone: input.phone,
    sessionId: input.sessionId,
  };
}

/** Support replies; the same text to the same session within 5 s is a duplicate and ignored (null). */
export async function recordSupportMessage(
  db: Kysely<Database>,
  input: { sessionId: string; message: string; externalRef?: string | null },
  now = new Date(),
): Promise<ChatMessagePayload | null> {
  const timestamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('chat_sessions')
      .select('id')
      .where('id', '=', input.sessionId)
      .executeTakeFirst();
    if (!session) return null;
    const recent = await trx
      .selectFrom('chat_messages')
      .select('id')
      .where('session_id', '=', input.sessionId)
      .where('is_from_support', '=', 1)
      .where('message', '=', input.message)
      .where('created_at', '>', new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString())
      .executeTakeFirst();
    if (recent) return null;
    await trx
      .insertInto('chat_messages')
      .values({
        session_id: input.sessionId,
        message: input.message,
        is_from_support: 1,
        name: null,
        email: null,
        phone: null,
        created_at: timestamp,
        external_ref: input.externalRef ?? null,
      })
      .execute();
    await trx
      .updateTable('chat_sessions')
      .set({ last_message_at: timestamp, unread_count: 0 })
      .where('id', '=', input.sessionId)
      .execute();
    return { message: input.message, timestamp, sessionId: input.sessionId, isFromSupport: true };
  });
}

export async function chatHistory(
  db: Kysely<Database>,
  sessionId: string,
): Promise<ChatMessagePayload[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    message: r.message,
    timestamp: r.created_at,
    sessionId: r.session_id,
    isFromSupport: Boolean(r.is_from_support),
    ...(r.name ? { name: r.name } : {}),
    ...(r.email ? { email: r.email } : {}),
    ...(r.phone ? { phone: r.phone } : {}),
  }));
}

export async function saveContactInfo(
  db: Kysely<Database>,
  input: {
    sessionId: string;
    shopperId: string | null;
    name: string;
    email: string;
    phone: string;
    message: string;
  },
  now = new Date(),
): Promise<void> {
  const timestamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await ensureSession(trx, input.sessionId, input.shopperId, timestamp);
    await trx
      .updateTable('chat_sessions')
      .set({ name: input.name, email: input.email, phone: input.phone })
      .where('id', '=', input.sessionId)
      .execute();
    await trx
      .insertInto('contact_messages')
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        created_at: timestamp,
      })
      .execute();
  });
}

export async function listChatSessions(db: Kysely<Database>): Promise<ChatSessionSummary[]> {
  const sessions = await db
    .selectFrom('chat_sessions')
    .selectAll()
    .orderBy('last_message_at', 'desc')
    .limit(200)
    .execute();
  const summaries: ChatSessionSummary[] = [];
  for (const s of sessions) {
    const last = await db
      .selectFrom('chat_messages')
      .select('message')
      .where('session_id', '=', s.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    summaries.push({
      sessionId: s.id,
      name: s.name,
      email: s.email,
      phone: s.phone,
      createdAt: s.created_at,
      lastMessageAt: s.last_message_at,
      unreadCount: s.unread_count,
      lastMessage: last?.message ?? null,
    });
  }
  return summaries;
}

export async function markSessionRead(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db
    .updateTable('chat_sessions')
    .set({ unread_count: 0 })
    .where('id', '=', sessionId)
    .execute();
}

/** Chat sessions live 24 hours (spec §9); the server forgets older ones. */
export async function deleteExpiredChatSessions(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - CHAT_SESSION_LIFETIME_MS).toISOString();
  const result = await db
    .deleteFrom('chat_sessions')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findSessionByExternalRef(
  db: Kysely<Database>,
  externalRef: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select('session_id')
    .where('external_ref', '=', externalRef)
    .executeTakeFirst();
  return row?.session_id ?? null;
}

export async function setExternalRef(
  db: Kysely<Database>,
  sessionId: string,
  timestamp: string,
  externalRef: string,
) {
  await db
    .updateTable('chat_messages')
    .set({ external_ref: externalRef })
    .where('session_id', '=', sessionId)
    .where('created_at', '=', timestamp)
    .where('is_from_support', '=', 0)
    .execute();
}
