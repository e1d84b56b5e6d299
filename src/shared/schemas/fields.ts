/** Field rules every schema builds on: text, money, stock, dates; one definition each. */

import { z } from 'zod';
import { WEEKDAYS } from '../constants';

export const MAX_MONEY = 1_000_000;

export const MAX_STOCK = 1_000_000;

/** Text without NUL characters, which PostgreSQL cannot store in a text column. */
export const text = (params?: { message: string }) =>
  z.string(params).refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

export const requiredText = (max: number, message = 'is required') =>
  text({ message }).trim().min(1, message).max(max, `must be at most ${max} characters`);

/** A person's first or last name, typed by staff: required, at most 60 characters. */
export const personName = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(60, 'must be at most 60 characters');

/** Why staff voided, returned or overrode something: at least `min` characters, kept on the record. */
export const reasonText = (min: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(min, `must say why, in at least ${min} characters`)
    .max(300, 'must be at most 300 characters');

/** Empty strings and undefined read as null: the forms send "" for an empty optional input. */
export const emptyAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Number inputs may arrive as their text ("45.00"); anything else is left for the schema to refuse. */
export const NUMERIC_TEXT = /^\s*\d+(\.\d+)?\s*$/;

export const numeric = (value: unknown) =>
  typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value;

export const emptyOrNumber = (value: unknown) => emptyAsNull(numeric(value));

/** An id from a select: "", "none", null, undefined read as none. */
export const idOrNone = (value: unknown) =>
  typeof value === 'string' && ['none', 'null'].includes(value.trim().toLowerCase())
    ? null
    : emptyOrNumber(value);

/** A missing amount "is required"; anything else that is not a number "must be a number". */
export const numberMessage = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? 'is required'
    : 'must be a number';

export const moneyNumber = z
  .number({ error: numberMessage })
  .finite('must be a number')
  .min(0, 'must be at least 0')
  .max(MAX_MONEY, 'is too large');

export const money = z.preprocess(numeric, moneyNumber);

/** An optional price: null (or "" or missing) means none, e.g. no sale. */
export const optionalMoney = z.preprocess(emptyOrNumber, moneyNumber.nullable());

export const stockNumber = z
  .number({ message: 'must be a number' })
  .finite('must be a number')
  .min(0, 'must be at least 0')
  .max(MAX_STOCK, 'is too large');

export const stockAmount = z.preprocess(emptyOrNumber, stockNumber.nullable());

/** Text trimmed and at most `max` characters long. */
export const textUpTo = (max: number) =>
  text({ message: 'must be text' }).trim().max(max, `must be at most ${max} characters`);

/** Optional free text of the product facts: "" or missing means not stated. */
export const optionalText = (max: number) => z.preprocess(emptyAsNull, textUpTo(max).nullable());

/** An optional note (a description, a slot's notes): "", only spaces or missing mean none (null). */
export const optionalNote = (max: number) =>
  z.preprocess(
    emptyAsNull,
    textUpTo(max)
      .nullable()
      .transform((v) => (v ? v : null)),
  );

/** An optional amount of a product fact (potency, size): "" or missing means not stated. */
export const optionalAmount = (max: number) =>
  z.preprocess(
    emptyOrNumber,
    z
      .number({ message: 'must be a number' })
      .finite('must be a number')
      .min(0, 'must be at least 0')
      .max(max, `must be at most ${max}`)
      .nullable(),
  );

/** A word of a fixed list, matched without regard to case or surrounding spaces. */
export function listedWord<const T extends readonly [string, ...string[]]>(
  words: T,
  message: string,
) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      return words.find((w) => w.toLowerCase() === value.trim().toLowerCase()) ?? value;
    },
    z.enum(words, { message }),
  );
}

export function duplicatesCheck(label: string) {
  return (list: string[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const key = item.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate ${label}: ${item}` });
      seen.add(key);
    });
  };
}

export const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A YYYY-MM-DD date that exists on the calendar (no 2026-02-30). */
export const calendarDate = (message = 'must be a date (YYYY-MM-DD)') =>
  z.string({ message: 'is required' }).refine(isCalendarDate, message);

export const weekday = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(WEEKDAYS, { message: 'must be a weekday name (monday to sunday)' }),
);

/** A whole number within bounds, from a form's text or a JSON number. */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

/** To a thousandth at the most (9.125, 0.035), allowing for binary fractions' rounding. */
export const hasAtMostThreeDecimals = (value: number) =>
  Number.isInteger(Math.round(value * 10000) / 10);

/** A tax rate in percent (9.125 = 9.125%, to a thousandth as local rates are set); null, "" or missing = none. */
export const taxRate = z.preprocess(
  emptyOrNumber,
  z
    .number({ message: 'must be a number' })
    .finite('must be a number')
    .min(0, 'must be at least 0')
    .max(50, 'must be at most 50 (it is a percentage)')
    .refine(hasAtMostThreeDecimals, 'can have at most 3 decimals')
    .nullable(),
);

/** A US five-digit postal code. */
export const POSTAL_CODE = /^\d{5}$/;

export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Half of a UTF-16 surrogate pair, alone: JSON can carry it, but it is no character. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const nullableLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const payloadDollars = z
  .number({ message: 'must be a number' })
  .finite('must be a number')
  .min(-1, 'must not be negative')
  .max(1_000_000, 'is too large');

export const dollarAmount = z.number().describe('dollars');

export const optionalDollarAmount = dollarAmount.nullable();
