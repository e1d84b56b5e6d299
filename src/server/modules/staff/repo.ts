import { type Kysely, sql } from 'kysely';
import type { StaffRole } from '../../../shared/staff';
import type { Dialect } from '../../db/connect';
import { countRows } from '../../db/count-rows';
import { locksRows } from '../../db/dialect';
import type { Database } from '../../db/schema';

const STAFF_COLUMNS = [
  'id',
  'username',
  'role',
  'first_name',
  'employee_number',
  'disabled_at',
  'created_at',
] as const;

export function listStaffRows(db: Kysely<Database>) {
  return db.selectFrom('users').select(STAFF_COLUMNS).orderBy('username').execute();
}

export function findStaffRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findStaffByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

export function findStaffByEmployeeNumber(db: Kysely<Database>, employeeNumber: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('employee_number', '=', employeeNumber)
    .executeTakeFirst();
}

export function insertStaff(
  db: Kysely<Database>,
  staff: {
    username: string;
    password_hash: string;
    role: StaffRole;
    first_name: string;
    employee_number: string;
    created_at: string;
  },
) {
  return db.insertInto('users').values(staff).returning('id').executeTakeFirstOrThrow();
}

export function updateStaff(
  db: Kysely<Database>,
  id: number,
  changes: Partial<{
    role: StaffRole;
    first_name: string;
    employee_number: string;
    disabled_at: string | null;
    password_hash: string;
  }>,
) {
  return db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * PostgreSQL: one staff change at a time, until the transaction ends. Two owners demoting each
 * other at once would each count the other as the remaining owner, and leave none. Nothing on
 * SQLite, which runs one write transaction at a time already.
 */
export async function serialiseStaffChanges(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (!locksRows(dialect)) return;
  await sql`select pg_advisory_xact_lock(hashtext('canopy:staff-changes'))`.execute(db);
}

/** Active owners other than this account: the shop must keep at least one. */
export function countOtherActiveOwners(db: Kysely<Database>, id: number): Promise<number> {
  return countRows(
    db
      .selectFrom('users')
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .where('id', '!=', id),
  );
}

/** Ends every session of the account, returning their ids for the sockets opened with them. */
export async function deleteSessionsOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Orders with the staff who handled them: the driver and the preparer, as `driver_*` and `preparer_*`. */
export function ordersWithHandlingStaff(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .leftJoin('users as driver', 'driver.id', 'orders.driver_id')
    .leftJoin('users as preparer', 'preparer.id', 'orders.prepared_by')
    .select([
      'driver.username as driver_username',
      'driver.first_name as driver_first_name',
      'driver.employee_number as driver_employee_number',
      'preparer.username as preparer_username',
      'preparer.first_name as preparer_first_name',
      'preparer.employee_number as preparer_employee_number',
    ]);
}
