/** The activity log (issue 17 §5): one entry per staff action that changed data. */
import { z } from 'zod';

export interface AuditEntry {
  id: number;
  at: string;
  staffId: number | null;
  staffUsername: string | null;
  staffRole: string | null;
  /** what happened: "created", "changed", "password reset", "login", "login failed", ... */
  action: string;
  /** the table changed ("products", "orders", "users") or "session" for logins */
  entity: string;
  entityId: string | null;
  /** each changed column, as stored: { price_cents: { from: 4500, to: 4800 } } */
  changes: Record<string, { from: unknown; to: unknown }>;
  address: string | null;
}

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
