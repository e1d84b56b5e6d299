import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connect';
import { locksRows } from '../../db/dialect';
import type { AuditLogTable, Database } from '../../db/schema';

type NewEntry = Omit<AuditLogTable, 'id'>;

export function insertEntry(db: Kysely<Database>, entry: NewEntry) {
  return db.insertInto('audit_log').values(entry).execute();
}

export function listEntries(
  db: Kysely<Database>,
  filter: { entity?: string; from?: string; to?: string; staffId?: number; limit: number },
) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.staffId) query = query.where('staff_id', '=', filter.staffId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/**
 * One row of a table the back office changes, as stored, to compare before and after. Given
 * `lockOn`, the row stays locked until the commit where that database needs it.
 */
export async function findRow(
  db: Kysely<Database>,
  table: string,
  id: string | number,
  lockOn?: Dialect,
): Promise<Record<string, unknown> | undefined> {
  const forUpdate = locksRows(lockOn) ? sql` for update` : sql``;
  const rows = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where id = ${id}${forUpdate}`.execute(db);
  return rows.rows[0];
}
