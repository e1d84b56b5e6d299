import { sql } from 'kysely';
import type { TestDb } from './harness';

/** Runs `work` while the audit log's table is away, so every audit write fails; then puts it back. */
export async function withoutAuditLog(t: TestDb, work: () => Promise<void>): Promise<void> {
  await sql`alter table audit_log rename to audit_log_away`.execute(t.db.kysely);
  try {
    await work();
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(t.db.kysely);
  }
}
