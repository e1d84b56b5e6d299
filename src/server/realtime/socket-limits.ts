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

/**
 * `sync-products` answers with the whole catalog (about 1 MB with 2,000
 * products): a browser asks once per connection, so a few in a burst and then
 * one every few seconds is plenty; more are ignored.
 */
export const createSyncProductsBucket = () =>
  createTokenBucket({ capacity: 3, refillPerSecond: 0.2 });

/** Open sockets per client address, reserved before the upgrade and released when the connection closes. */
export function createAddressSlots(maxPerAddress: number) {
  const open = new Map<string, number>();
  return {
    /** Reserves a slot; false when the address already holds its maximum. */
    reserve(address: string): boolean {
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) return false;
      open.set(address, count + 1);
      return true;
    },
    release(address: string) {
      const count = (open.get(address) ?? 1) - 1;
      if (count <= 0) open.delete(address);
      else open.set(address, count);
    },
  };
}
