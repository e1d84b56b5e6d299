/** Idempotency keys and the answers they replay (idempotency_keys). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export interface IdempotencyRecord {
  key: string;
  requestHash: string;
}

export function findIdempotencyKey(db: Q, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Writes the key with its answer unless the key is already there (then false). Inside the
 * order's transaction a concurrent holder of the key makes PostgreSQL wait for its outcome.
 */
export async function insertIdempotencyKey(
  db: Q,
  record: IdempotencyRecord,
  answer: { statusCode: number | null; body: unknown },
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      key: record.key,
      request_hash: record.requestHash,
      status_code: answer.statusCode,
      response_body: answer.statusCode === null ? null : JSON.stringify(answer.body),
      created_at: createdAt,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function setIdempotencyAnswer(
  db: Q,
  key: string,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response_body: JSON.stringify(answer.body) })
    .where('key', '=', key)
    .execute();
}

export async function deleteIdempotencyKeysBefore(db: Q, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
