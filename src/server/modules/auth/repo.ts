import type { Kysely } from 'kysely';
import { countRows } from '../../db/count-rows';
import type { Database } from '../../db/schema';

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function countUsers(db: Kysely<Database>): Promise<number> {
  return countRows(db.selectFrom('users'));
}

export async function upsertUser(
  db: Kysely<Database>,
  username: string,
  passwordHash: string,
  now: string,
) {
  const existing = await findUserByUsername(db, username);
  if (existing) {
    // the account named at start or by `npm run dealer` is the shop's owner, whatever it was
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, role: 'owner', disabled_at: null })
      .where('id', '=', existing.id)
      .execute();
    // A reset password ends every session opened with the old one.
    await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto('users')
    .values({ username, password_hash: passwordHash, created_at: now, role: 'owner' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

export function insertSession(
  db: Kysely<Database>,
  session: { id: string; user_id: number; created_at: string; expires_at: string },
) {
  return db.insertInto('sessions').values(session).execute();
}

export function findLiveSession(db: Kysely<Database>, id: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.expires_at',
      'users.username',
      'users.role',
      'users.first_name',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

export function deleteSession(db: Kysely<Database>, id: string) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

export function deleteExpiredSessions(db: Kysely<Database>, now: string) {
  return db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** Which of these sessions are still live (not logged out, expired or ended by a password reset). */
export function findLiveSessionIds(db: Kysely<Database>, ids: readonly string[], now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', ids)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled_at', 'is', null)
    .execute();
}
