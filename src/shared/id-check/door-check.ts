/**
 * What the driver enters at the door and what is kept of it: the result, the
 * method, the time and the driver, never the ID's number, birth date or image.
 */
import { z } from 'zod';
import { personName, reasonText } from '../schemas/fields';
import { isIsoDate } from './iso-date';
import type { IdCheckResult } from './rule';

export const ID_CHECK_METHODS = ['scan', 'manual'] as const;
export type IdCheckMethod = (typeof ID_CHECK_METHODS)[number];

/** What kind of ID the customer shows; passports and military IDs carry no state. */
export const ID_TYPES = ['licence', 'state-id', 'passport', 'military'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = {
  licence: 'Driver licence',
  'state-id': 'State ID card',
  passport: 'Passport',
  military: 'Military ID',
};
export const idTypeHasState = (type: IdType) => type === 'licence' || type === 'state-id';

const date = z
  .string({ message: 'is required' })
  .refine(isIsoDate, 'must be written YYYY-MM-DD, as the field shows (e.g. 1990-07-04)');
const confirmName = z.boolean({ message: 'must be true or false' }).optional();

/** What the ID says, typed by hand from the card: a "manual" check. */
export const typedIdSchema = z
  .object({
    method: z.literal('manual'),
    idType: z
      .enum(ID_TYPES, { message: `must be one of ${ID_TYPES.join(', ')}` })
      .default('licence'),
    firstName: personName,
    lastName: personName,
    dateOfBirth: date,
    expiry: date,
    idNumber: z
      .string({ message: 'is required' })
      .trim()
      .min(4, 'must be at least 4 characters')
      .max(30, 'must be at most 30 characters')
      .regex(/^[A-Za-z0-9 -]+$/, 'may use letters, digits, spaces and dashes'),
    state: z
      .string({ message: 'must be a two-letter state code' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code')
      .optional(),
    /** the checker saw that the name differs and confirmed the person is the customer */
    confirmName,
  })
  .superRefine((id, ctx) => {
    if (idTypeHasState(id.idType) && !id.state)
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'is required for this ID' });
  });

/**
 * A "scan": the text the phone decoded from the ID's PDF417 barcode, sent as it is. The
 * server reads it (aamva.ts), so a scan is a scan only when the server could parse it.
 */
export const scannedIdSchema = z.object({
  method: z.literal('scan'),
  barcode: z
    .string({ message: 'is required' })
    .min(20, 'is too short to be a licence barcode')
    .max(4000, 'is too long to be a licence barcode'),
  confirmName,
});

export const doorCheckSchema = z.discriminatedUnion('method', [typedIdSchema, scannedIdSchema], {
  message: 'must be scan or manual',
});
export type DoorCheckInput = z.input<typeof doorCheckSchema>;
export type TypedId = z.output<typeof typedIdSchema>;

/** An owner's leave to check an ID again after a failed check, kept with the order. */
export interface IdCheckOverride {
  byStaffId: number;
  byName: string;
  reason: string;
  at: string;
  /** the next check used it */
  used: boolean;
}

export const idCheckOverrideSchema = z.object({
  reason: reasonText(5),
});

export type DoorChecks = IdCheckResult['checks'] & {
  /** the ID's orders of the day stay within the daily limits (absent before anti-looping) */
  withinDailyLimits?: boolean;
};

/** The check as stored with the order and shown to staff and on the receipt. */
export interface DoorCheck {
  method: IdCheckMethod;
  /** absent on checks from before ID types were asked */
  idType?: IdType;
  passed: boolean;
  checks: DoorChecks;
  /** the name differed and the driver confirmed the person by hand (logged) */
  nameConfirmed: boolean;
  reasons: string[];
  /** who checked: the driver at the door, or staff at the pickup counter */
  driverId: number;
  at: string;
  /** the owner's leave this check was made under, after a failed one */
  override?: Pick<IdCheckOverride, 'byName' | 'reason' | 'at'>;
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
