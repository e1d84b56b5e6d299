/**
 * The shop's own clock (issue 15 items 7-8): "today" and "now" are the shop's, in its time
 * zone (SHOP_TIMEZONE), whatever the clock of the server or of the shopper's phone says.
 */
import { SCHEDULE_LEAD_MINUTES } from './constants';

export interface ShopClock {
  /** the shop's date, YYYY-MM-DD */
  date: string;
  /** minutes since the shop's midnight */
  minutes: number;
}

/** True when `timeZone` is an IANA zone this runtime knows ("America/Los_Angeles"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// Making a formatter costs ~15x using one, and the server reads the shop clock per page served.
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The last clock read per zone, by whole second: an order reads the clock several times, and
 * formatting was 2% of the server's time while placing orders. (Every zone's offset is a
 * whole number of seconds, so one second always shows one local minute.)
 */
const lastReadings = new Map<string, { second: number; clock: ShopClock }>();

export function shopClock(now: Date, timeZone: string): ShopClock {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastReadings.get(timeZone);
  if (last?.second === second) return { ...last.clock };
  const parts = clockFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  const clock = {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
  lastReadings.set(timeZone, { second, clock });
  return { ...clock };
}

/**
 * Keeps a reading made elsewhere for its second: the browser hydrating a server-rendered page
 * takes the server's reading of the render's instant, so its first render makes no formatter
 * (the first one with a time zone takes ~25 ms on a phone, ~100 ms at Lighthouse's slowdown).
 */
export function rememberShopClock(now: Date, timeZone: string, clock: ShopClock): void {
  lastReadings.set(timeZone, { second: Math.floor(now.getTime() / 1000), clock: { ...clock } });
}

/**
 * Whether a window starting at `startMinutes` on `date` can still be booked: not on a past
 * date, and today only until SCHEDULE_LEAD_MINUTES before it starts (time to prepare and drive).
 */
export function isStillBookable(date: string, startMinutes: number, clock: ShopClock): boolean {
  if (date < clock.date) return false;
  if (date > clock.date) return true;
  return startMinutes - clock.minutes >= SCHEDULE_LEAD_MINUTES;
}

/** The instant the shop's day `date` (YYYY-MM-DD) begins, in its time zone. */
export function shopDayStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  let instant = midnightUtc;
  // twice: the zone's offset at the first guess may differ from the offset at midnight (DST)
  for (let step = 0; step < 2; step += 1) {
    const local = shopClock(new Date(instant), timeZone);
    const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
    instant += midnightUtc - (Date.UTC(y, m - 1, d) + local.minutes * 60_000);
  }
  return new Date(instant);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** An instant as the shop's clock showed it, e.g. "Nov 25, 2026, 3:42 PM PST" (receipts). */
export function shopTimeLabel(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}
