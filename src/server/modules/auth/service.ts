import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { busEvent, type Outcome } from '../../realtime/events';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

/** The server ends a dealer session after 12 hours even if the browser stays open. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface DealerIdentity {
  userId: number;
  username: string;
}

const tokenId = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function ensureDealer(db: Kysely<Database>, username: string, password: string) {
  return repo.upsertUser(db, username, await hashPassword(password), new Date().toISOString());
}

export async function hasAnyDealer(db: Kysely<Database>): Promise<boolean> {
  return Number((await repo.countUsers(db)).count) > 0;
}

/** Checks the credentials and opens a session, returning its cookie token, or null. */
export async function logIn(
  db: Kysely<Database>,
  username: string,
  password: string,
  now = new Date(),
): Promise<{ token: string; dealer: DealerIdentity } | null> {
  const user = await repo.findUserByUsername(db, username);
  const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !valid) return null;
  const token = randomBytes(32).toString('base64url');
  await repo.deleteExpiredSessions(db, now.toISOString());
  await repo.insertSession(db, {
    id: tokenId(token),
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
  });
  return { token, dealer: { userId: user.id, username: user.username } };
}

export async function dealerForToken(
  db: Kysely<Database>,
  token: string | undefined,
  now = new Date(),
): Promise<DealerIdentity | null> {
  const session = await dealerSessionForToken(db, token, now);
  return session ? { userId: session.userId, username: session.username } : null;
}

/** A live dealer session with its id and end, for holders that outlive a request (sockets). */
export interface DealerSession extends DealerIdentity {
  sessionId: string;
  expiresAt: Date;
}

export async function dealerSessionForToken(
  db: Kysely<Database>,
  token: string | undefined,
  now = new Date(),
): Promise<DealerSession | null> {
  if (!token) return null;
  const session = await repo.findLiveSession(db, tokenId(token), now.toISOString());
  if (!session) return null;
  return {
    userId: session.user_id,
    username: session.username,
    sessionId: session.id,
    expiresAt: new Date(session.expires_at),
  };
}

export async function liveSessionIds(
  db: Kysely<Database>,
  sessionIds: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await repo.findLiveSessionIds(db, sessionIds, now.toISOString());
  return new Set(rows.map((r) => r.id));
}

/** Ends the session of this cookie token; its sockets, on every instance, stop being dealer sockets. */
export async function logOut(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<Outcome<void>> {
  if (!token) return { value: undefined, events: [] };
  const sessionId = tokenId(token);
  await repo.deleteSession(db, sessionId);
  return {
    value: undefined,
    events: [busEvent('dealer-sessions-ended', { sessionIds: [sessionId] })],
  };
}
