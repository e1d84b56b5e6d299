import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export async function insertBusPayload(db: Kysely<Database>, payload: string, now: string) {
  const row = await db
    .insertInto('bus_payloads')
    .values({ payload, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findBusPayload(db: Kysely<Database>, id: number) {
  return (
    await db.selectFrom('bus_payloads').select('payload').where('id', '=', id).executeTakeFirst()
  )?.payload;
}

export function deleteBusPayloadsBefore(db: Kysely<Database>, cutoff: string) {
  return db.deleteFrom('bus_payloads').where('created_at', '<', cutoff).execute();
}

/** One NOTIFY per payload, in one round trip; a function scan yields the array in order, so listeners get them in order. */
export async function notifyInOrder(
  db: Kysely<Database>,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  await sql`select pg_notify(${channel}, payload) from unnest(${payloads}::text[]) as t(payload)`.execute(
    db,
  );
}
