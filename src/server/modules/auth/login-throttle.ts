/**
 * Counts failed logins per username and per address in a sliding window.
 * Kept in memory: a restart forgets, which only errs on the side of the
 * legitimate dealer; an attacker still meets the scrypt cost on every try.
 */
export function createLoginThrottle({ maxFailures = 5, windowMs = 15 * 60 * 1000 } = {}) {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const times = (failures.get(key) ?? []).filter((t) => now - t < windowMs);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };

  return {
    /** Seconds until a new attempt is allowed, or 0 when allowed now. */
    retryAfterSeconds(keys: string[], now = Date.now()): number {
      let wait = 0;
      for (const key of keys) {
        const times = recent(key, now);
        if (times.length >= maxFailures)
          wait = Math.max(wait, Math.ceil((times[0] + windowMs - now) / 1000));
      }
      return wait;
    },
    recordFailure(keys: string[], now = Date.now()): void {
      for (const key of keys) failures.set(key, [...recent(key, now), now]);
    },
    clear(keys: string[]): void {
      for (const key of keys) failures.delete(key);
    },
  };
}
