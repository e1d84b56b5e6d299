/** A token bucket per socket: bursts are fine, a sustained flood is cut off. */
export function createTokenBucket({ capacity = 40, refillPerSecond = 20 } = {}) {
  let tokens = capacity;
  let last = Date.now();
  return {
    take(now = Date.now()): boolean {
      tokens = Math.min(capacity, tokens + ((now - last) / 1000) * refillPerSecond);
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
