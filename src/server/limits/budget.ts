import { addressKey } from './address-key';
import type { Counters } from './counters';

export interface Rate {
  max: number;
  windowMs: number;
}

/** A steady rate with a burst: at most a fifth of `max` in any sixtieth of the window. */
export function steadyWithBurst(max: number, windowMs: number): Rate[] {
  return [
    { max: Math.max(1, Math.ceil(max / 5)), windowMs: Math.round(windowMs / 60) },
    { max, windowMs },
  ];
}

export interface Budget {
  /** Counts one use by `key`: 0 while every rate holds, else the seconds until they all would. */
  take(key: string): Promise<number>;
}

/** A budget named `name` (its keys' prefix) of one or more rates, all of which must hold. */
export function createBudget(counters: Counters, name: string, rates: Rate[]): Budget {
  return {
    async take(key) {
      const counts = await Promise.all(
        rates.map((rate) => counters.add(`${name}:${rate.windowMs}:${key}`, rate.windowMs)),
      );
      let wait = 0;
      counts.forEach((counted, i) => {
        if (counted.count > rates[i].max)
          wait = Math.max(wait, Math.max(1, Math.ceil(counted.resetInMs / 1000)));
      });
      return wait;
    },
  };
}

/** A budget that never refuses (a limit turned off). */
export const UNLIMITED: Budget = { take: async () => 0 };

export interface ShopperAndAddress {
  perShopper: number;
  perAddress: number;
}

/**
 * A limit per shopper cookie and per client address (its /64 for IPv6), each a steady rate
 * with a burst over `windowMs`; `null` (the setting `off`) never refuses. The shopper's own
 * budget is taken first, so its refusals do not use up the address's places.
 */
export function shopperAndAddressBudget(
  counters: Counters,
  name: string,
  limit: ShopperAndAddress | null,
  windowMs: number,
) {
  const byShopper = limit
    ? createBudget(counters, `${name}:shopper`, steadyWithBurst(limit.perShopper, windowMs))
    : UNLIMITED;
  const byAddress = limit
    ? createBudget(counters, `${name}:address`, steadyWithBurst(limit.perAddress, windowMs))
    : UNLIMITED;
  return {
    /** 0 when allowed, else the seconds to wait */
    async take(shopperId: string | null, ip: string): Promise<number> {
      const wait = shopperId ? await byShopper.take(shopperId) : 0;
      return wait || byAddress.take(addressKey(ip));
    },
  };
}
