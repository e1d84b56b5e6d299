/**
 * Legal hours: when a rule set lets the shop sell, deliver and hand over, in shop
 * time. Windows, slots and handovers outside them are refused.
 */
import type { LegalHours } from './rule-set';

/** The few clock times the rule sets state, read once: every same-day delivery compares two. */
const minutesOfClock = new Map<string, number>();

/** "06:00" → 360 */
export function clockMinutes(hhmm: string): number {
  const kept = minutesOfClock.get(hhmm);
  if (kept !== undefined) return kept;
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const total = hours * 60 + minutes;
  // bounded all the same, should a caller ever pass times of its own
  if (minutesOfClock.size >= 64) minutesOfClock.clear();
  minutesOfClock.set(hhmm, total);
  return total;
}

/** 360 → "6:00 AM", as the shop's windows write times */
export function clockLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

/** "6:00 AM to 10:00 PM" */
export function hoursLabel(hours: LegalHours): string {
  return `${clockLabel(clockMinutes(hours.opens))} to ${clockLabel(clockMinutes(hours.closes))}`;
}

/** Whether a moment of the shop day (minutes since midnight) is within the hours. */
export function isWithinHours(minutes: number, hours: LegalHours | null): boolean {
  if (!hours) return true;
  return minutes >= clockMinutes(hours.opens) && minutes < clockMinutes(hours.closes);
}

/** Whether a span of the shop day (minutes since midnight) lies within the hours. */
export function isSpanWithinHours(start: number, end: number, hours: LegalHours | null): boolean {
  if (!hours) return true;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return false;
  return start >= clockMinutes(hours.opens) && end <= clockMinutes(hours.closes);
}

export function outsideHoursMessage(what: string, hours: LegalHours): string {
  return `${what} must fall within the legal hours for cannabis sales and deliveries, ${hoursLabel(hours)}.`;
}
