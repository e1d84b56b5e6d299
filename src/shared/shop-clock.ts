/**
 * The shop's own clock: "today" and "now" are the shop's, in its time
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
  const clock = clockFromOffset(now, timeZone) ?? formattedClock(now, timeZone);
  lastReadings.set(timeZone, { second, clock });
  return { ...clock };
}

/** The zone's clock read with its formatter, whatever readings or offsets are remembered. */
export function formattedClock(now: Date, timeZone: string): ShopClock {
  const parts = clockFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** A stretch of time over which a zone keeps one UTC offset: `from <= instant < until` (ms). */
export interface ZoneOffsetSpan {
  /** the zone's local time minus UTC, in minutes */
  offsetMinutes: number;
  from: number;
  until: number;
}

const MINUTE_MS = 60_000;
/** How far a span reaches each way; no zone changes its offset twice within it. */
const SPAN_REACH_MS = 14 * 86_400_000;

/** A clock's date and time of day as if they were UTC, in ms: minus the instant, the offset. */
function clockAsUtc(clock: ShopClock): number {
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) + clock.minutes * MINUTE_MS;
}

function offsetMinutesAt(instant: number, timeZone: string): number {
  const minute = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  return (clockAsUtc(formattedClock(new Date(minute), timeZone)) - minute) / MINUTE_MS;
}

/** The zone's wall-clock date and time at `instant`, to the second: YYYY-MM-DDTHH:mm:ss. */
export function localDateTime(instant: Date, timeZone: string): string {
  const offsetMinutes = offsetMinutesAt(instant.getTime(), timeZone);
  return new Date(instant.getTime() + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19);
}

/** The first minute after `low` whose offset differs from `low`'s; `high`'s differs. */
function offsetChangeBetween(low: number, high: number, timeZone: string): number {
  const before = offsetMinutesAt(low, timeZone);
  let lo = Math.floor(low / MINUTE_MS);
  let hi = Math.floor(high / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMinutesAt(mid * MINUTE_MS, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi * MINUTE_MS;
}

/**
 * The zone's offset around `at`, and how long it holds (up to two weeks each way), so that a
 * browser can tell the shop's time without making a formatter for the zone (decision 010).
 */
export function zoneOffsetSpan(at: Date, timeZone: string): ZoneOffsetSpan {
  const now = at.getTime();
  const offsetMinutes = offsetMinutesAt(now, timeZone);
  const earliest = now - SPAN_REACH_MS;
  const latest = now + SPAN_REACH_MS;
  const from =
    offsetMinutesAt(earliest, timeZone) === offsetMinutes
      ? earliest
      : offsetChangeBetween(earliest, now, timeZone);
  const until =
    offsetMinutesAt(latest, timeZone) === offsetMinutes
      ? latest
      : offsetChangeBetween(now, latest, timeZone);
  return { offsetMinutes, from, until };
}

const offsetSpans = new Map<string, ZoneOffsetSpan>();

/**
 * Keeps the server's offset span for a zone: within it the shop's clock is UTC plus the offset.
 * The first formatter with a time zone takes ~25 ms on a phone, and the page would make one
 * right after hydrating only to read a clock the server had just sent.
 */
export function rememberZoneOffset(timeZone: string, span: ZoneOffsetSpan): void {
  offsetSpans.set(timeZone, { ...span });
}

function clockFromOffset(now: Date, timeZone: string): ShopClock | null {
  const span = offsetSpans.get(timeZone);
  const instant = now.getTime();
  if (!span || instant < span.from || instant >= span.until) return null;
  const local = new Date(instant + span.offsetMinutes * MINUTE_MS);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/**
 * Keeps a reading made elsewhere for its second: the browser hydrating a server-rendered page
 * takes the server's reading of the render's instant (the server's clock may differ from the
 * phone's), so its first render prints what the server printed.
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
  for (let step = 0; step < 2; step += 1)
    instant += midnightUtc - clockAsUtc(shopClock(new Date(instant), timeZone));
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

/** English month names, for labels drawn without `Intl` (its first formatter costs a long task on a phone). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `2026-03-04` as `Mar 4, 2026`, the words en-US's short date uses; anything else as given. */
export function shortDateLabel(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  const month = match && MONTH_NAMES[Number(match[2]) - 1];
  if (!match || !month) return isoDay;
  return `${month.slice(0, 3)} ${Number(match[3])}, ${match[1]}`;
}
