/** Calendar dates as the shop writes them: YYYY-MM-DD, checked against the real calendar. */

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "2026-02-28", or null when there is no such day (month 13, 30 February). */
export function isoDate(year: number, month: number, day: number): string | null {
  const valid =
    Number.isInteger(year) &&
    year >= 1 &&
    year <= 9999 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month);
  return valid ? `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` : null;
}

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The parts of a YYYY-MM-DD date, or null when it is not one. */
export function calendarDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  return isoDate(year, month, day) ? { year, month, day } : null;
}

export function isIsoDate(text: string): boolean {
  return calendarDay(text) !== null;
}
