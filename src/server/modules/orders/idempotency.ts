import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';

/** A first request that has not answered within this time is taken as crashed. */
const ABANDONED_AFTER_MS = 60_000;

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Idempotency-Key handling as in the IETF draft and Stripe: the first request
 * runs, a retry gets the first answer, the same key with another body is 422,
 * and a retry while the first is still running is 409.
 */
export async function withIdempotency(
  db: Kysely<Database>,
  key: string | undefined,
  body: unknown,
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  if (!key) return run();
  const requestHash = hashOf(body);
  const claimed = await claim(db, key, requestHash);
  if (!claimed) {
    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (existing.request_hash !== requestHash) {
      throw new HttpError(422, {
        error: 'This Idempotency-Key was already used for a different order.',
      });
    }
    if (existing.status_code === null) {
      throw new HttpError(409, {
        error: 'This order is still being placed. Please wait a moment.',
      });
    }
    return { statusCode: existing.status_code, body: JSON.parse(existing.response_body ?? 'null') };
  }
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      answer = { statusCode: error.statusCode, body: error.body };
    } else {
      // A server failure is not an answer: free the key so the retry runs again.
      await db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
      throw error;
    }
  }
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response_body: JSON.stringify(answer.body) })
    .where('key', '=', key)
    .execute();
  return answer;
}

async function claim(db: Kysely<Database>, key: string, requestHash: string): Promise<boolean> {
  const now = new Date();
  await db
    .deleteFrom('idempotency_keys')
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString())
    .execute();
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      key,
      request_hash: requestHash,
      status_code: null,
      response_body: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
