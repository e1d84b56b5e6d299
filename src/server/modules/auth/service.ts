import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffRole } from '../../../shared/staff';
import type { Database } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { randomToken } from '../../random-token';
import { type Actor, recordChange, SHOP_ITSELF } from '../audit/service';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

/** The server ends a dealer session after 12 hours even if the browser stays open. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** A signed-in member of staff (the spec's "dealer"), with the role that decides what they may do. */
export interface StaffIdentity {
  userId: number;
  username: string;
  role: StaffRole;
  firstName: string;
}

const tokenId = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Creates the owner account of this name, or resets its password (`npm run dealer`, the
 * DEALER_USERNAME of start-up, test set-up: none of them a signed-in member of staff).
 */
export async function ensureDealer(
  db: Kysely<Database>,
  username: string,
  password: string,
  actor: Actor = SHOP_ITSELF,
) {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const before = await repo.findUserByUsername(trx, username);
    const user = await repo.upsertUser(trx, username, hash, new Date().toISOString());
    const action = user.created ? 'created' : 'password reset';
    await recordChange(trx, actor, { action, entity: 'users', entityId: user.id, before });
    return user;
  });
}

export async function hasAnyDealer(db: Kysely<Database>): Promise<boolean> {
  return (await repo.countUsers(db)) > 0;
}

/** Checks the credentials and opens a session, returning its cookie token, or null. */
export async function logIn(
  db: Kysely<Database>,
  username: string,
  password: string,
  now = new Date(),
): Promise<{ token: string; staff: StaffIdentity } | 'disabled' | null> {
  const user = await repo.findUserByUsername(db, username);
  const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !valid) return null;
  // said only to someone who knows the password
  if (user.disabled_at) return 'disabled';
  const token = randomToken(32);
  await repo.deleteExpiredSessions(db, now.toISOString());
  await repo.insertSession(db, {
    id: tokenId(token),
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
  });
  return { token, staff: identityOf(user) };
}

export async function staffForToken(
  db: Kysely<Database>,
  token: string | undefined,
  now = new Date(),
): Promise<StaffIdentity | null> {
  const session = await staffSessionForToken(db, token, now);
  return session
    ? {
        userId: session.userId,
        username: session.username,
        role: session.role,
        firstName: session.firstName,
      }
    : null;
}

function identityOf(user: {
  id: number;
  username: string;
  role: StaffRole;
  first_name: string;
}): StaffIdentity {
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    firstName: user.first_name || user.username,
  };
}

/** A live dealer session with its id and end, for holders that outlive a request (sockets). */
export interface DealerSession extends StaffIdentity {
  sessionId: string;
  expiresAt: Date;
}

export async function staffSessionForToken(
  db: Kysely<Database>,
  token: string | undefined,
  now = new Date(),
): Promise<DealerSession | null> {
  if (!token) return null;
  const session = await repo.findLiveSession(db, tokenId(token), now.toISOString());
  if (!session) return null;
  return {
    ...identityOf({ ...session, id: session.user_id }),
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
