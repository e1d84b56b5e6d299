/**
 * The driver's check of a customer's ID at the door (DCC §15404(a)): old enough, ID not
 * expired, and the ID is the orderer's. Pure, so the driver's screen and the server agree.
 */
import { type CalendarDay, calendarDay } from './iso-date';
import { minimumAgeRuleOn } from './minimum-age';

export interface IdDetails {
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD, the last day the ID is valid */
  expiry: string;
  firstName: string;
  lastName: string;
}

export interface IdCheckContext {
  /** the shop's date, YYYY-MM-DD (see shop-clock.ts) */
  today: string;
  /** the name on the order, as the customer typed it */
  customerName: string;
  /** defaults to the minimum age in force on `today` (minimum-age.ts) */
  minimumAge?: number;
}

export interface IdCheckResult {
  pass: boolean;
  age: number;
  checks: { ofAge: boolean; notExpired: boolean; nameMatches: boolean };
  /** why it failed, in words for the driver; empty when it passed */
  reasons: string[];
}

/** Throws on a malformed date: callers pass parsed or validated dates (see isIsoDate). */
export function checkId(
  id: IdDetails,
  { today, customerName, minimumAge = minimumAgeRuleOn(today).minimumAge }: IdCheckContext,
): IdCheckResult {
  const age = ageOn(id.dateOfBirth, today);
  const checks = {
    ofAge: age >= minimumAge,
    notExpired: !isExpiredOn(id.expiry, today),
    nameMatches: nameMatches(id, customerName),
  };
  const reasons: string[] = [];
  if (age < 0) reasons.push(`Date of birth (${id.dateOfBirth}) is in the future`);
  else if (!checks.ofAge) reasons.push(`Under ${minimumAge} (age ${age})`);
  if (!checks.notExpired) reasons.push(`ID expired on ${id.expiry}`);
  if (!checks.nameMatches) {
    reasons.push(
      `Name on ID (${collapseSpaces(`${id.firstName} ${id.lastName}`)}) does not match the order (${collapseSpaces(customerName)})`,
    );
  }
  return { pass: checks.ofAge && checks.notExpired && checks.nameMatches, age, checks, reasons };
}

/**
 * Whole years by the calendar. Someone born on 29 February is a year older from 1 March in
 * other years: on 28 February their day has not come yet.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const born = dayOf(dateOfBirth, 'date of birth');
  const now = dayOf(today, 'today');
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}

/** An ID is valid through its expiry date. */
export function isExpiredOn(expiry: string, today: string): boolean {
  dayOf(expiry, 'expiry');
  dayOf(today, 'today');
  return expiry < today;
}

/**
 * Order names are free text ("jane m. doe", "Doe, Jane"), so the ID's first and last names
 * must each appear among its words; an order with only a first name matches that first name.
 */
export function nameMatches(
  id: Pick<IdDetails, 'firstName' | 'lastName'>,
  orderName: string,
): boolean {
  const words = nameWords(orderName);
  const first = nameWords(id.firstName).join('');
  const last = nameWords(id.lastName).join('');
  if (first === '') return false;
  if (words.join('') === first) return true;
  return last !== '' && containsName(words, first) && containsName(words, last);
}

/** Lower case, without accents or punctuation: "José-María O'Brien" → jose, maria, o, brien. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether consecutive words spell the name, so that "O'Brien", "OBrien", "Smith-Jones" and
 * "De La Cruz" match however the ID or the customer spaced or punctuated them.
 */
function containsName(words: readonly string[], name: string): boolean {
  for (let start = 0; start < words.length; start++) {
    let spelled = '';
    for (let end = start; end < words.length && spelled.length < name.length; end++) {
      spelled += words[end];
      if (spelled === name) return true;
    }
  }
  return false;
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function dayOf(date: string, what: string): CalendarDay {
  const day = calendarDay(date);
  if (!day) throw new RangeError(`checkId: ${what} "${date}" is not a YYYY-MM-DD date`);
  return day;
}
