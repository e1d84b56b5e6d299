import type { Kysely } from 'kysely';
import type { AuditEntry } from '../../../shared/audit';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { DealerIdentity } from '../auth/service';
import * as repo from './repo';

/** Columns that say nothing to an inspector, or must never be copied into the log. */
const HIDDEN = new Set(['password_hash']);
const IGNORED = new Set(['updated_at']);
/** Images kept with a row: the log says one was added, not its kilobytes of base64. */
const IMAGES = new Set(['signature']);
const imageNote = (value: unknown) => (value ? '(signature image)' : null);

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The columns that differ between two versions of a row (a new row: every column). */
export function diffRows(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Changes {
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (IGNORED.has(key)) continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = HIDDEN.has(key)
      ? { from: '(hidden)', to: '(changed)' }
      : IMAGES.has(key)
        ? { from: imageNote(from), to: imageNote(to) }
        : { from, to };
  }
  return changes;
}

export interface AuditRecord {
  staff: Pick<DealerIdentity, 'userId' | 'username' | 'role'> | null;
  /** a staff member who was not signed in (a failed login): the name they tried */
  username?: string;
  action: string;
  entity: string;
  entityId: string | number | null;
  changes?: Changes;
  address: string | null;
}

export async function record(db: Kysely<Database>, entry: AuditRecord, at = new Date()) {
  await repo.insertEntry(db, {
    at: at.toISOString(),
    staff_id: entry.staff?.userId ?? null,
    staff_username: entry.staff?.username ?? entry.username ?? null,
    staff_role: entry.staff?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    changes: JSON.stringify(entry.changes ?? {}),
    address: entry.address,
  });
}

export async function listAudit(
  db: Kysely<Database>,
  filter: { entity?: string; from?: string; to?: string; staffId?: number },
): Promise<AuditEntry[]> {
  const rows = await repo.listEntries(db, { ...filter, limit: AUDIT_PAGE });
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    staffId: row.staff_id,
    staffUsername: row.staff_username,
    staffRole: row.staff_role,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    changes: readJson<Changes>(row.changes, {}),
    address: row.address,
  }));
}

/** The newest entries a query returns; narrow the dates for older ones. */
export const AUDIT_PAGE = 500;

export const findRow = repo.findRow;
