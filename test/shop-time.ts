import type { Dialect } from '../src/server/db/connect';
import { addDays, weekdayOfDate } from '../src/shared/availability';
import type { Weekday } from '../src/shared/constants';
import { shopClock, shopDayStart } from '../src/shared/shop-clock';
import { createTestApp } from './harness';

/**
 * A clock for a licensed shop's tests (legal hours, sale days): it reads the next `weekday` on
 * or after today, at `time` in the shop's zone, and moves on from there as real time passes, so
 * rows keep their order. The result does not depend on when the tests run.
 */
export function shopTimeClock(
  timeZone: string,
  weekday: Weekday = 'wednesday',
  time = '14:00',
): () => Date {
  let date = shopClock(new Date(), timeZone).date;
  while (weekdayOfDate(date) !== weekday) date = addDays(date, 1);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const base = shopDayStart(date, timeZone).getTime() + (hours * 60 + minutes) * 60_000;
  const started = Date.now();
  return () => new Date(base + (Date.now() - started));
}

/** A fixed moment's shop day and clock in a zone. */
export const shopDayOf = (clock: () => Date, timeZone: string) => shopClock(clock(), timeZone);

/** A seeded app whose shop stands in `timeZone`, on that shop's clock (see shopTimeClock). */
export function createShopTimeApp(dialect: Dialect, timeZone: string) {
  return createTestApp(dialect, {
    seed: true,
    env: { SHOP_TIMEZONE: timeZone },
    clock: shopTimeClock(timeZone),
  });
}
