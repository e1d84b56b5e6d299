import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * The dealer may show out-the-door prices (taxes included) on the menu and in the
 * cart; a display choice over the same totals, off by default.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('dealer_settings')
    .addColumn('prices_include_taxes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('dealer_settings').dropColumn('prices_include_taxes').execute();
}
