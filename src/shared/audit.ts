/** The activity log: one entry per staff action that changed data. */
import { z } from 'zod';

export const auditEntryResponse = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.number().int().nullable(),
  staffUsername: z.string().nullable(),
  staffRole: z.string().nullable(),
  action: z
    .string()
    .describe(
      'what happened: "created", "changed", "password reset", "login", "login failed", ...',
    ),
  entity: z
    .string()
    .describe('the table changed ("products", "orders", "users") or "session" for logins'),
  entityId: z.string().nullable(),
  changes: z
    .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
    .describe('each changed column, as stored: { price_cents: { from: 4500, to: 4800 } }'),
  address: z.string().nullable(),
});
export type AuditEntry = z.output<typeof auditEntryResponse>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, 'must be a date (YYYY-MM-DD) or an ISO time');

export const auditQuerySchema = z.object({
  entity: z.string().trim().max(40, 'must be at most 40 characters').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  staffId: z.coerce.number().int('must be a whole number').positive('must be positive').optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
