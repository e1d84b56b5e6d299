import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ChatMessagePayload } from '../../../shared/schemas/chat';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { type Actor, recordChange, rowBefore } from '../audit/service';
import { insertContactMessage } from '../contact/repo';
import * as repo from './repo';

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
  const row = await repo.findSession(db, sessionId);
  return row?.shopper_id === shopperId;
}

export async function chatSessionExists(db: Kysely<Database>, sessionId: string) {
  return (await repo.findSession(db, sessionId)) !== undefined;
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

function ensureSession(
  db: Kysely<Database>,
  sessionId: string,
  shopperId: string | null,
  now: string,
) {
  return repo.insertSessionIfMissing(db, { id: sessionId, shopperId, now });
}

/** A shopper's message; dropped (null, nothing published) when support closed the session as spam. */
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
): Promise<Outcome<ChatMessagePayload | null>> {
  const timestamp = now.toISOString();
  const stored = await db.transaction().execute(async (trx) => {
    await ensureSession(trx, input.sessionId, input.shopperId, timestamp);
    if ((await repo.findSession(trx, input.sessionId))?.muted_at) return false;
    await repo.insertMessage(trx, {
      session_id: input.sessionId,
      message: input.message,
      is_from_support: 0,
      name: input.name ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      created_at: timestamp,
      external_ref: null,
    });
    await repo.countUnread(trx, input.sessionId, timestamp);
    return true;
  });
  if (!stored) return { value: null, events: [] };
  const saved = {
    message: input.message,
    timestamp,
    name: input.name,
    email: input.email,
    phone: input.phone,
    sessionId: input.sessionId,
  };
  return {
    value: saved,
    events: [busEvent('new-chat-message', saved, { chatSessionId: input.sessionId })],
  };
}

/**
 * Support replies; the same text to the same session within 5 s is a duplicate and ignored (null).
 * The session's row is locked on PostgreSQL, so two copies of one reply cannot both pass.
 */
export async function recordSupportMessage(
  db: Db,
  input: { sessionId: string; message: string; externalRef?: string | null },
  actor: Actor,
  now = new Date(),
): Promise<Outcome<ChatMessagePayload | null>> {
  const timestamp = now.toISOString();
  const ignored = { value: null, events: [] };
  const { sessionId } = input;
  return db.kysely.transaction().execute(async (trx) => {
    const before = await rowBefore(trx, 'chat_sessions', sessionId, db.dialect);
    if (!before) return ignored;
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
    if (await repo.findRecentSupportMessage(trx, input.sessionId, input.message, since))
      return ignored;
    await repo.insertMessage(trx, {
      session_id: input.sessionId,
      message: input.message,
      is_from_support: 1,
      name: null,
      email: null,
      phone: null,
      created_at: timestamp,
      external_ref: input.externalRef ?? null,
    });
    await repo.markAnswered(trx, input.sessionId, timestamp);
    await recordChange(trx, actor, {
      action: 'replied',
      entity: 'chat_sessions',
      entityId: sessionId,
      before,
      noted: { reply: { from: null, to: input.message } },
    });
    const saved = {
      message: input.message,
      timestamp,
      sessionId: input.sessionId,
      isFromSupport: true,
    };
    return {
      value: saved,
      events: [busEvent('support-response', saved, { chatSessionId: input.sessionId })],
    };
  });
}

export async function chatHistory(
  db: Kysely<Database>,
  sessionId: string,
): Promise<ChatMessagePayload[]> {
  const rows = await repo.listMessageRows(db, sessionId);
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
): Promise<Outcome<void>> {
  const timestamp = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    await ensureSession(trx, input.sessionId, input.shopperId, timestamp);
    const { name, email, phone, message } = input;
    await repo.setSessionContact(trx, input.sessionId, { name, email, phone });
    const saved = await insertContactMessage(trx, {
      name,
      email,
      phone,
      message,
      created_at: timestamp,
      chat_session_id: input.sessionId,
    });
    return saved.id;
  });
  const { name, email, phone, sessionId } = input;
  return {
    value: undefined,
    events: [
      busEvent(
        'new-customer-contact',
        { id, name, email, phone, sessionId },
        { chatSessionId: sessionId },
      ),
    ],
  };
}

export const INBOX_PAGE = 50;

export interface InboxPage {
  sessions: ChatSessionSummary[];
  /** where the next page starts; null on the last page */
  nextCursor: string | null;
}

/** The support inbox, a page at a time: unread sessions first, then the newest; spam left out. */
export async function listChatSessions(
  db: Kysely<Database>,
  page: { limit?: number; cursor?: string } = {},
): Promise<InboxPage> {
  const limit = page.limit ?? INBOX_PAGE;
  const rows = await repo.listSessionRows(db, limit + 1, readCursor(page.cursor));
  const sessions: ChatSessionSummary[] = [];
  for (const s of rows.slice(0, limit)) {
    const last = await repo.findLastMessage(db, s.id);
    sessions.push({
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
  const lastShown = rows[limit - 1];
  const nextCursor =
    rows.length > limit
      ? writeCursor({
          unread: lastShown.unread_count > 0 ? 1 : 0,
          lastMessageAt: lastShown.last_message_at,
          id: lastShown.id,
        })
      : null;
  return { sessions, nextCursor };
}

const inboxCursor = z.object({
  unread: z.union([z.literal(0), z.literal(1)]),
  lastMessageAt: z.string(),
  id: z.string(),
});

function writeCursor(cursor: repo.InboxCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A cursor this server wrote; anything else starts from the top. */
function readCursor(cursor: string | undefined): repo.InboxCursor | null {
  if (!cursor) return null;
  try {
    return inboxCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

/**
 * Support closes a session as spam: it leaves the inbox and its further messages are dropped.
 * False when there is no such session.
 */
export async function closeAsSpam(
  db: Db,
  sessionId: string,
  actor: Actor,
  now = new Date(),
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await rowBefore(trx, 'chat_sessions', sessionId, db.dialect);
    if (!before) return false;
    if (!before.muted_at) await repo.muteSession(trx, sessionId, now.toISOString());
    await recordChange(trx, actor, {
      action: 'closed as spam',
      entity: 'chat_sessions',
      entityId: sessionId,
      before,
    });
    return true;
  });
}

/** A session that does not exist (or expired) has nothing to mark, and no entry. */
export async function markSessionRead(db: Db, sessionId: string, actor: Actor): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await rowBefore(trx, 'chat_sessions', sessionId, db.dialect);
    if (!before) return;
    await repo.setUnreadNone(trx, sessionId);
    const change = { action: 'marked read', entity: 'chat_sessions', entityId: sessionId, before };
    await recordChange(trx, actor, change);
  });
}

/** Chat sessions live 24 hours (spec §9); the server forgets older ones. */
export async function deleteExpiredChatSessions(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - CHAT_SESSION_LIFETIME_MS).toISOString();
  return repo.deleteSessionsCreatedBefore(db, cutoff);
}

export async function findSessionByExternalRef(
  db: Kysely<Database>,
  externalRef: string,
): Promise<string | null> {
  return (await repo.findSessionIdByExternalRef(db, externalRef))?.session_id ?? null;
}

export async function setExternalRef(
  db: Kysely<Database>,
  sessionId: string,
  timestamp: string,
  externalRef: string,
) {
  await repo.setExternalRef(db, sessionId, timestamp, externalRef);
}
