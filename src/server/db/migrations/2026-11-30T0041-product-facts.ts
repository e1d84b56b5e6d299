import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

const TEXT_COLUMNS = [
  'brand',
  'potency_unit',
  'serving_name',
  'net_unit',
  'lab_document',
  'lab_name',
  'lab_tested_on',
];
const NUMBER_COLUMNS = ['thc', 'thc_per_serving', 'cbd', 'cbd_per_serving', 'net_amount'];

/**
 * The facts shoppers compare products by. All optional: existing products
 * state none (null, and no effects) until the shop fills them in.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  for (const column of TEXT_COLUMNS)
    await db.schema.alterTable('products').addColumn(column, 'text').execute();
  for (const column of NUMBER_COLUMNS)
    await db.schema.alterTable('products').addColumn(column, 'double precision').execute();
  await db.schema
    .alterTable('products')
    .addColumn('effects', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['effects', ...NUMBER_COLUMNS.reverse(), ...TEXT_COLUMNS.reverse()])
    await db.schema.alterTable('products').dropColumn(column).execute();
}
