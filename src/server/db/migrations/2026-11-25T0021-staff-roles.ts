import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * Dealer accounts become staff with a role. Every existing account was the
 * shop's one dealer, who could do everything: each becomes an owner, keeping its password
 * and sessions. Employee numbers go on receipts, so two staff may not share one.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('employee_number', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await addIndex(db, 'users', 'users_employee_number_unique', 'employee_number', { unique: true });
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_employee_number_unique').ifExists().execute();
  for (const column of ['disabled_at', 'employee_number', 'first_name', 'role'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
