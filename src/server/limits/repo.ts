import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Adds `by` to the key's count in its window (a new window once the old one ended), atomically. */
export function addToCounter(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  by: number,
  now: number,
) {
  const ended = sql<boolean>`rate_counters.reset_at <= ${now}`;
  return db
    .insertInto('rate_counters')
    .values({ key, count: by, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then ${by}::integer else rate_counters.count + ${by}::integer end`,
        reset_at: sql`case when ${ended} then ${now + windowMs}::bigint else rate_counters.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
}

export function deleteCounter(db: Kysely<Database>, key: string) {
  return db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

export function deleteEndedCounters(db: Kysely<Database>, now: number) {
  return db.deleteFrom('rate_counters').where('reset_at', '<=', now).execute();
}
