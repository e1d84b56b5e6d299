import type { Kysely } from 'kysely';
import type { AuditEntry } from '../../../shared/audit';
import type { Dialect } from '../../db/connect';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { StaffIdentity } from '../auth/service';
import * as repo from './repo';

/**
 * Columns that must never be copied into the log: secrets (a password's hash, the shopper's
 * cookie id, the status link's token, the keyed hash of an ID's number). A change to one is
 * noted without its value.
 */
const HIDDEN = new Set(['password_hash', 'shopper_id', 'status_token', 'id_hash']);
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
  staff: Pick<StaffIdentity, 'userId' | 'username' | 'role'> | null;
  /** a staff member who was not signed in (a failed login): the name they tried */
  username?: string;
  action: string;
  entity: string;
  entityId: string | number | null;
  changes?: Changes;
  address: string | null;
}

/** Who made a change, and from where: the signed-in member of staff (null for the shop itself). */
export interface Actor {
  staff: Pick<StaffIdentity, 'userId' | 'username' | 'role'> | null;
  address: string | null;
}

/** The shop's own changes (an expiry, a start-up job): no member of staff made them. */
export const SHOP_ITSELF: Actor = { staff: null, address: null };

export interface Change {
  /** what happened, in words: "order status changed", "product created" */
  action: string;
  /** the table changed */
  entity: string;
  entityId: string | number | null;
  /** the row before the change (none for a new row) */
  before?: Record<string, unknown>;
  /** what the row's own columns do not show (a reply's text, the addresses of uploaded files) */
  noted?: Changes;
}

/**
 * Records a change in the audit trail, inside the transaction that made it (`db` is that
 * transaction): the entry commits with the change, and a failed entry fails the change. The
 * row as it is now is read here and compared with `before`.
 */
export async function recordChange(
  db: Kysely<Database>,
  actor: Actor,
  change: Change,
  at = new Date(),
): Promise<void> {
  const after =
    change.entityId === null ? undefined : await repo.findRow(db, change.entity, change.entityId);
  await record(
    db,
    {
      staff: actor.staff,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      changes: { ...diffRows(change.before, after), ...change.noted },
      address: actor.address,
    },
    at,
  );
}

/**
 * The row as it is before a change, for `recordChange`. Pass the dialect as `lockOn` when
 * nothing else locks the row yet: on PostgreSQL a concurrent change must wait, or the entry's
 * "from" would be stale.
 */
export const rowBefore = (
  db: Kysely<Database>,
  entity: string,
  id: string | number,
  lockOn?: Dialect,
) => repo.findRow(db, entity, id, lockOn);

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
