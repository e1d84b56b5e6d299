/**
 * What the driver enters at the door (issue 17 §3) and what is kept of it: the result, the
 * method, the time and the driver, never the ID's number, birth date or image.
 */
import { z } from 'zod';
import { isIsoDate } from './iso-date';
import type { IdCheckResult } from './rule';

export const ID_CHECK_METHODS = ['scan', 'manual'] as const;
export type IdCheckMethod = (typeof ID_CHECK_METHODS)[number];

const name = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(60, 'must be at most 60 characters');
const date = z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date (YYYY-MM-DD)');

export const doorCheckSchema = z.object({
  method: z.enum(ID_CHECK_METHODS, { message: 'must be scan or manual' }),
  firstName: name,
  lastName: name,
  dateOfBirth: date,
  expiry: date,
  idNumber: z
    .string({ message: 'is required' })
    .trim()
    .min(4, 'must be at least 4 characters')
    .max(30, 'must be at most 30 characters')
    .regex(/^[A-Za-z0-9 -]+$/, 'may use letters, digits, spaces and dashes'),
  state: z
    .string({ message: 'is required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code'),
  /** the driver saw that the name differs and confirmed the person is the customer */
  confirmName: z.boolean({ message: 'must be true or false' }).optional(),
});
export type DoorCheckInput = z.infer<typeof doorCheckSchema>;

export type DoorChecks = IdCheckResult['checks'] & {
  /** the ID's orders of the day stay within the daily limits (absent before anti-looping) */
  withinDailyLimits?: boolean;
};

/** The check as stored with the order and shown to staff and on the receipt. */
export interface DoorCheck {
  method: IdCheckMethod;
  passed: boolean;
  checks: DoorChecks;
  /** the name differed and the driver confirmed the person by hand (logged) */
  nameConfirmed: boolean;
  reasons: string[];
  driverId: number;
  at: string;
}

/**
 * PASS needs 21+ (the rule in force), an unexpired ID and the ID's orders of the day within
 * the daily limits; a name that differs passes only when the driver confirms it by hand.
 */
export function doorCheckOutcome(
  result: IdCheckResult,
  confirmName: boolean,
  overLimitReason: string | null = null,
): Pick<DoorCheck, 'passed' | 'nameConfirmed' | 'checks' | 'reasons'> {
  const nameConfirmed = !result.checks.nameMatches && confirmName;
  const { ofAge, notExpired, nameMatches } = result.checks;
  const withinDailyLimits = overLimitReason === null;
  return {
    passed: ofAge && notExpired && (nameMatches || nameConfirmed) && withinDailyLimits,
    nameConfirmed,
    checks: { ...result.checks, withinDailyLimits },
    reasons: overLimitReason ? [...result.reasons, overLimitReason] : result.reasons,
  };
}
