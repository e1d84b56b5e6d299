import { sql } from 'kysely';
import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/** Category or subcategory slugs whose products were never cannabis: accessories and merchandise. */
const NON_CANNABIS_SLUGS = ['accessories', 'merch', 'merchandise', 'apparel'];

/**
 * A product is cannabis or not (pipes, papers, merchandise pay no excise and count
 * toward no daily limit), and an order line keeps what its product was when it was sold.
 * Products filed under an accessories or merchandise category or subcategory become
 * non-cannabis; order lines take their product's flag. Tax rates are double precision on
 * both backends already, so 9.125% is stored exactly: no column changes for them.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  for (const table of ['products', 'order_items'])
    await db.schema
      .alterTable(table)
      .addColumn('cannabis', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  const slugs = sql.join(NON_CANNABIS_SLUGS);
  await sql`update products set cannabis = 0
    where category_id in (select id from categories where slug in (${slugs}))
       or subcategory_id in (select id from categories where slug in (${slugs}))`.execute(db);
  await sql`update order_items set cannabis = 0
    where product_id in (select id from products where cannabis = 0)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['order_items', 'products'])
    await db.schema.alterTable(table).dropColumn('cannabis').execute();
}
