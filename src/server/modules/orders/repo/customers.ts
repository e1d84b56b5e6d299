/** The customer's number, given once per normalised phone (customer_numbers). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

function findCustomerNumber(db: Q, customerKey: string) {
  return db
    .selectFrom('customer_numbers')
    .select('number')
    .where('customer_key', '=', customerKey)
    .executeTakeFirst();
}

/**
 * The customer's number, given on first need; the same one ever after. Read first: on
 * PostgreSQL an insert that meets the key still uses up a number.
 */
export async function customerNumberFor(db: Q, customerKey: string, now: string): Promise<number> {
  const known = await findCustomerNumber(db, customerKey);
  if (known) return known.number;
  // another order of the same new customer may be handed over at this very moment
  await db
    .insertInto('customer_numbers')
    .values({ customer_key: customerKey, created_at: now })
    .onConflict((oc) => oc.column('customer_key').doNothing())
    .execute();
  const row = await findCustomerNumber(db, customerKey);
  if (!row) throw new Error(`customer number for ${customerKey} not kept`);
  return row.number;
}
