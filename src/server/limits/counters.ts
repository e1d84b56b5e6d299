import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as repo from './repo';

/**
 * Counts per key in fixed windows: the budgets of every abuse limit. One instance keeps them
 * in memory; several instances on one PostgreSQL share them (pg-counters.ts).
 */
export interface WindowCount {
  /** the key's count in its current window, this call's included */
  count: number;
  /** milliseconds until that window ends */
  resetInMs: number;
}

export interface Counters {
  /** Adds `by` to the key's count in its current window (opened by its first hit) and returns it. */
  add(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /** Forgets the key's count (a correct password clears the failures it had). */
  clear(key: string): Promise<void>;
}

const SWEEP_ABOVE_KEYS = 10_000;

export function memoryCounters(clock: () => number = Date.now): Counters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.endsAt <= now) windows.delete(key);
  };
  return {
    async add(key, windowMs, by = 1) {
      const now = clock();
      let w = windows.get(key);
      if (!w || w.endsAt <= now) {
        if (windows.size > SWEEP_ABOVE_KEYS) sweep(now);
        w = { count: 0, endsAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += by;
      return { count: w.count, resetInMs: w.endsAt - now };
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/**
 * Counters in the database, so every instance on one PostgreSQL counts against the same
 * budgets: one upsert per count. Ended windows are swept now and then.
 */
export function databaseCounters(db: Kysely<Database>, clock: () => number = Date.now) {
  const sweep = setInterval(() => {
    repo.deleteEndedCounters(db, clock()).catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();
  const counters: Counters = {
    async add(key, windowMs, by = 1) {
      const now = clock();
      const row = await repo.addToCounter(db, key, windowMs, by, now);
      return { count: Number(row.count), resetInMs: Number(row.reset_at) - now };
    },
    async clear(key) {
      await repo.deleteCounter(db, key);
    },
  };
  return { counters, stop: () => clearInterval(sweep) };
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * @fastify/rate-limit's store over our counters, so the limits declared with it (orders per
 * shopper and address) are shared like the others.
 */
export function rateLimitStore(counters: Counters) {
  return class CountersStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.add(`rate-limit:${key}`, timeWindow).then(
        (counted) => callback(null, { current: counted.count, ttl: counted.resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new CountersStore();
    }
  };
}
