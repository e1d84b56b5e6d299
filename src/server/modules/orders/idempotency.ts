import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import * as repo from './repo';

/** A key answers its retries for a day (Stripe keeps them 24 h too), then the sweep drops it. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

export type IdempotencyClaim = repo.IdempotencyRecord;

/** Thrown inside the order's transaction when another request already holds the key. */
class KeyAlreadyUsed extends Error {}

/** Deeper than any order body: anything past it is refused before JSON.stringify recurses into it. */
const MAX_HASHED_DEPTH = 16;

function hashOf(body: unknown): string {
  if (deeperThan(body, MAX_HASHED_DEPTH))
    throw new HttpError(400, {
      error: 'The request is nested too deeply',
      code: 'VALIDATION_FAILED',
    });
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/** Walks the value without recursion: a hostile body can nest deeper than the call stack. */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.depth > limit) return true;
    if (next.value && typeof next.value === 'object')
      for (const child of Object.values(next.value))
        pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/**
 * Idempotency-Key handling as in the IETF draft and Stripe: the first request runs, a retry
 * gets the first answer, and the same key with another body is 422. The key of a placed
 * order is written with its answer in the order's own transaction (`claimKey` at its start,
 * `keepAnswer` before its commit), so no crash can leave an order without its key or a key
 * without its answer. A refusal (4xx) places nothing and is kept after the rollback.
 */
export async function withIdempotency(
  db: Kysely<Database>,
  key: string | undefined,
  body: unknown,
  run: (claim: IdempotencyClaim | null) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  if (!key) return run(null);
  const claim: IdempotencyClaim = { key, requestHash: hashOf(body) };
  const stored = await repo.findIdempotencyKey(db, key);
  if (stored) return replay(stored, claim);
  try {
    return await run(claim);
  } catch (error) {
    if (error instanceof KeyAlreadyUsed) return replay(await findOrThrow(db, key), claim);
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    const answer = { statusCode: error.statusCode, body: error.body };
    const kept = await repo.insertIdempotencyKey(db, claim, answer, new Date().toISOString());
    return kept ? answer : replay(await findOrThrow(db, key), claim);
  }
}

/** First statement of the order's transaction: takes the key or gives way to its holder. */
export async function claimKey(trx: Transaction<Database>, claim: IdempotencyClaim, now: Date) {
  const pending = { statusCode: null, body: null };
  if (!(await repo.insertIdempotencyKey(trx, claim, pending, now.toISOString()))) {
    throw new KeyAlreadyUsed();
  }
}

/** Last statement of the order's transaction: the answer a retry will get. */
export async function keepAnswer(
  trx: Transaction<Database>,
  claim: IdempotencyClaim,
  answer: StoredAnswer,
) {
  await repo.setIdempotencyAnswer(trx, claim.key, answer);
}

export function deleteExpiredIdempotencyKeys(db: Kysely<Database>, now = new Date()) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();
  return repo.deleteIdempotencyKeysBefore(db, cutoff);
}

async function findOrThrow(db: Kysely<Database>, key: string) {
  const row = await repo.findIdempotencyKey(db, key);
  // The holder rolled back between our attempt and this read: the client may simply retry.
  if (!row) throw stillPlacing();
  return row;
}

function replay(
  row: NonNullable<Awaited<ReturnType<typeof repo.findIdempotencyKey>>>,
  claim: IdempotencyClaim,
): StoredAnswer {
  if (row.request_hash !== claim.requestHash) {
    throw new HttpError(422, {
      error: 'This Idempotency-Key was already used for a different order.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  }
  // Only rows written before keys shared the order's transaction can lack their answer.
  if (row.status_code === null) throw stillPlacing();
  return { statusCode: row.status_code, body: JSON.parse(row.response_body ?? 'null') };
}

const stillPlacing = () =>
  new HttpError(409, {
    error: 'This order is still being placed. Please wait a moment.',
    code: 'ORDER_IN_PROGRESS',
  });
