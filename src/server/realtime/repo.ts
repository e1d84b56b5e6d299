import type { Kysely } from 'kysely';
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
