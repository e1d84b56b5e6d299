/** The staff an order names: drivers and who prepared it. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export function findActiveDriver(db: Q, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name'])
    .where('id', '=', id)
    .where('role', '=', 'driver')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** A member of staff's first name (their username when they have none yet). */
export async function findStaffName(db: Q, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'username'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.first_name || row.username : null;
}

export function findActiveDrivers(db: Q) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'employee_number'])
    .where('role', '=', 'driver')
    .where('disabled_at', 'is', null)
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}
