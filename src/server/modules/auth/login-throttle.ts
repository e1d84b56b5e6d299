import { addressKey } from '../../limits/address-key';
import { type Counters, memoryCounters } from '../../limits/counters';

/**
 * Login throttling (policy in docs/decisions/003 and docs/security.md). Every attempt is
 * reserved before its password is hashed, so a burst that arrives at once counts as many
 * attempts as it holds, not as the failures recorded so far. Addresses are counted as
 * `addressKey` does (IPv6 by its /64).
 *
 * - Hard limit per (username, address): 5 failures or pending attempts in 15 min.
 * - Hard limit per address, whatever the usernames: 20 in 15 min.
 * - Per account, from 5 failures on (from anywhere): one attempt per delay, the delay doubling
 *   with each further failure, for the addresses that have failed on this username. A correct
 *   password from any other address is always evaluated: that is how the owner gets in while
 *   the account is under attack, even from an address that mistyped another account's password.
 *
 * The counts live in `counters`: in memory on one instance, shared by every instance on one
 * PostgreSQL. Every evaluated attempt still pays the scrypt cost.
 */
export interface LoginThrottleOptions {
  counters?: Counters;
  windowMs?: number;
  maxPerPair?: number;
  maxPerAddress?: number;
  /** failures for one username before the delay starts */
  delayAfter?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export type LoginVerdict =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; attempt: LoginAttempt };

export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** not evaluated after all (a server error): gives the reservation back */
  released(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createLoginThrottle({
  counters = memoryCounters(),
  windowMs = 15 * 60 * 1000,
  maxPerPair = 5,
  maxPerAddress = 20,
  delayAfter = 5,
  baseDelayMs = 1000,
  maxDelayMs = 15 * 60 * 1000,
}: LoginThrottleOptions = {}) {
  const add = (key: string, by = 1) => counters.add(key, windowMs, by);

  function delayAfterFailures(count: number): number {
    if (count < delayAfter) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** (count - delayAfter));
  }

  /** One delayed attempt per delay: the slot of this length, taken (count 1) or already taken. */
  const takeDelaySlot = (user: string, delayMs: number) =>
    counters.add(`login:delay:${user}:${delayMs}`, delayMs);

  /** Seconds a delayed address waits for the account's next slot; 0 when it may try now. */
  async function accountWait(user: string, address: string): Promise<number> {
    const [ownFailures, account] = await Promise.all([
      add(`login:pair-failed:${user}@${address}`, 0),
      add(`login:account:${user}`, 0),
    ]);
    const delayMs = delayAfterFailures(account.count);
    if (ownFailures.count === 0 || delayMs === 0) return 0;
    const slot = await takeDelaySlot(user, delayMs);
    return slot.count > 1 ? seconds(slot.resetInMs) : 0;
  }

  return {
    /** Reserves an attempt, or says how long to wait. Call succeeded() or failed() once it is evaluated. */
    async begin(username: string, ip: string): Promise<LoginVerdict> {
      // encoded: a key is stored as PostgreSQL text, which holds no NUL and may hold anything else
      const user = encodeURIComponent(username.toLowerCase());
      const address = addressKey(ip);
      const pairKey = `login:pair:${user}@${address}`;
      const ipKey = `login:ip:${address}`;
      const [pair, perAddress] = await Promise.all([add(pairKey), add(ipKey)]);
      let wait = 0;
      if (pair.count > maxPerPair) wait = seconds(pair.resetInMs);
      if (perAddress.count > maxPerAddress) wait = Math.max(wait, seconds(perAddress.resetInMs));
      if (wait === 0) wait = await accountWait(user, address);
      const release = () => Promise.all([add(pairKey, -1), add(ipKey, -1)]).then(() => {});
      if (wait > 0) {
        await release();
        return { allowed: false, retryAfterSeconds: wait };
      }
      let settled = false;
      /** true the first time only: an attempt is settled once */
      const settle = () => {
        if (settled) return false;
        settled = true;
        return true;
      };
      return {
        allowed: true,
        attempt: {
          async succeeded() {
            if (!settle()) return;
            await Promise.all([
              counters.clear(pairKey),
              counters.clear(`login:pair-failed:${user}@${address}`),
              add(ipKey, -1),
            ]);
          },
          async released() {
            if (settle()) await release();
          },
          async failed() {
            if (!settle()) return;
            const [, account] = await Promise.all([
              add(`login:pair-failed:${user}@${address}`),
              add(`login:account:${user}`),
            ]);
            // the failure itself takes the slot of the delay it starts
            const delayMs = delayAfterFailures(account.count);
            if (delayMs > 0) await takeDelaySlot(user, delayMs);
          },
        },
      };
    },
  };
}
