import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * How many rows the query's tables and conditions match: `count(*)`, read as a number
 * whichever database answers (a bigint on PostgreSQL).
 */
export async function countRows<Tables extends keyof Database>(
  query: SelectQueryBuilder<Database, Tables, object>,
): Promise<number> {
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
