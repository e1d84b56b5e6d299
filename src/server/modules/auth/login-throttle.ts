/**
 * Login throttling (policy in docs/decisions/003). Every attempt is reserved
 * before its password is hashed, so a burst that arrives at once counts as
 * many attempts as it holds, not as the failures recorded so far.
 *
 * - Hard limit per (username, address): 5 failures or pending attempts in 15 min.
 * - Hard limit per address, whatever the usernames: 20 in 15 min.
 * - Per username, from 5 failures on (from anywhere): an exponential delay
 *   between attempts, applied only to addresses that have failed recently, so a
 *   correct password from a clean address is always evaluated.
 *
 * Kept in memory, per instance: a restart forgets, which only errs on the side
 * of the legitimate dealer; every evaluated attempt still pays the scrypt cost.
 */
export interface LoginThrottleOptions {
  windowMs?: number;
  maxPerPair?: number;
  maxPerAddress?: number;
  /** failures for one username before the delay starts */
  delayAfter?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  clock?: () => number;
}

export type LoginVerdict =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; attempt: LoginAttempt };

export interface LoginAttempt {
  succeeded(): void;
  failed(): void;
  /** not evaluated after all (a server error): gives the reservation back */
  released(): void;
}

interface Counter {
  failures: number[];
  pending: number;
  /** username counters: earliest time a delayed address may try again */
  nextAllowedAt: number;
}

const SWEEP_ABOVE_KEYS = 10_000;

export function createLoginThrottle({
  windowMs = 15 * 60 * 1000,
  maxPerPair = 5,
  maxPerAddress = 20,
  delayAfter = 5,
  baseDelayMs = 1000,
  maxDelayMs = 15 * 60 * 1000,
  clock = Date.now,
}: LoginThrottleOptions = {}) {
  const counters = new Map<string, Counter>();

  function counter(key: string, now: number): Counter {
    let entry = counters.get(key);
    if (!entry) {
      if (counters.size > SWEEP_ABOVE_KEYS) sweep(now);
      entry = { failures: [], pending: 0, nextAllowedAt: 0 };
      counters.set(key, entry);
    }
    entry.failures = entry.failures.filter((t) => now - t < windowMs);
    return entry;
  }

  function sweep(now: number) {
    for (const [key, entry] of counters) {
      const live = entry.failures.some((t) => now - t < windowMs);
      if (!live && entry.pending === 0 && entry.nextAllowedAt <= now) counters.delete(key);
    }
  }

  /** Seconds until the oldest failure leaves the window, or 0 when below the limit. */
  function hardWait(entry: Counter, limit: number, now: number): number {
    if (entry.failures.length + entry.pending < limit) return 0;
    const oldest = entry.failures[0] ?? now;
    return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  }

  function delayAfterFailures(count: number): number {
    if (count < delayAfter) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** (count - delayAfter));
  }

  return {
    /** Reserves an attempt, or says how long to wait. Call succeeded() or failed() once it is evaluated. */
    begin(username: string, address: string): LoginVerdict {
      const now = clock();
      const user = username.toLowerCase();
      const pair = counter(`pair:${user}\u0000${address}`, now);
      const ip = counter(`ip:${address}`, now);
      const account = counter(`user:${user}`, now);

      let wait = Math.max(hardWait(pair, maxPerPair, now), hardWait(ip, maxPerAddress, now));
      // A clean address is never delayed: that is how the dealer logs in during an attack.
      const delayed = ip.failures.length > 0 && delayAfterFailures(account.failures.length) > 0;
      if (delayed) {
        if (account.nextAllowedAt > now)
          wait = Math.max(wait, Math.ceil((account.nextAllowedAt - now) / 1000));
        else if (account.pending > 0) wait = Math.max(wait, 1);
      }
      if (wait > 0) return { allowed: false, retryAfterSeconds: wait };

      pair.pending++;
      ip.pending++;
      if (delayed) account.pending++;
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        pair.pending--;
        ip.pending--;
        if (delayed) account.pending--;
        return true;
      };
      return {
        allowed: true,
        attempt: {
          succeeded() {
            if (settle()) pair.failures = [];
          },
          released() {
            settle();
          },
          failed() {
            if (!settle()) return;
            const at = clock();
            pair.failures.push(at);
            ip.failures.push(at);
            account.failures.push(at);
            account.nextAllowedAt = at + delayAfterFailures(account.failures.length);
          },
        },
      };
    },
  };
}
