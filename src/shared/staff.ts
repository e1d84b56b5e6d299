/**
 * Staff of the shop and what each role may do. One table, read by the
 * server's guard and by the back office to show only the screens a role can use.
 */
import { z } from 'zod';
import { personName } from './schemas/fields';

export const STAFF_ROLES = ['owner', 'dispatcher', 'driver', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** products, categories, featured, media, CSV import and export */
  'catalog',
  'promotions',
  /** store profile, delivery zones, compliance rule set */
  'settings',
  'staff',
  'orders.read',
  /** status, delivery edits, deletion, assigning drivers */
  'orders.manage',
  /** delivery schedule: slots and weekly availability */
  'schedule',
  /** live chat and the contact inbox */
  'support',
  /** the deliveries assigned to oneself */
  'deliveries',
  /** the activity log */
  'audit',
  /** sales and tax reports */
  'reports',
  /** state track-and-trace (Metrc): what was reported, resending, the connection */
  'state-reporting',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  dispatcher: ['orders.read', 'orders.manage', 'schedule'],
  driver: ['deliveries'],
  support: ['support', 'orders.read'],
};

export const ROLE_LABELS: Record<StaffRole, { name: string; description: string }> = {
  owner: { name: 'Owner', description: 'Everything, including staff and settings.' },
  dispatcher: {
    name: 'Dispatcher',
    description: 'Orders, the delivery schedule and assigning drivers.',
  },
  driver: { name: 'Driver', description: 'Only the deliveries assigned to them.' },
  support: { name: 'Support', description: 'Live chat and contact messages; reads orders.' },
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const STAFF_PASSWORD_MIN_LENGTH = 8;

const username = z
  .string({ message: 'is required' })
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/^[a-z0-9._-]+$/i, 'may use letters, digits, dots, dashes and underscores');
const password = z
  .string({ message: 'is required' })
  .min(STAFF_PASSWORD_MIN_LENGTH, `must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'must be at most 256 characters');
const firstName = personName;
const employeeNumber = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(20, 'must be at most 20 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'may use letters, digits and dashes');
const role = z.enum(STAFF_ROLES, { message: `must be one of ${STAFF_ROLES.join(', ')}` });

export const newStaffSchema = z.object({ username, password, role, firstName, employeeNumber });
export type NewStaffInput = z.infer<typeof newStaffSchema>;

/** The details a receipt prints of a member of staff, edited together on the Staff page. */
export const staffDetailsSchema = z.object({ firstName, employeeNumber });

export const staffChangeSchema = z
  .object({
    role,
    firstName,
    employeeNumber,
    disabled: z.boolean({ message: 'must be true or false' }),
    password,
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Nothing to change');
export type StaffChangeInput = z.infer<typeof staffChangeSchema>;

/** A member of staff as the Staff page lists them. */
export const staffMemberResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  firstName: z.string(),
  employeeNumber: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.output<typeof staffMemberResponse>;

export const LAST_OWNER_MESSAGE =
  'The shop needs at least one active owner. Make someone else an owner first.';
