import type { Dialect } from './connect';

/**
 * Whether a transaction must lock what it reads before changing it. PostgreSQL runs
 * transactions side by side, so two changes of one row (or one customer's orders) must queue;
 * SQLite lets one writer in at a time, so its transactions are serial already.
 */
export const locksRows = (dialect: Dialect | undefined): boolean => dialect === 'postgres';

/** The query, its rows locked until the commit where the database needs it (see `locksRows`). */
export function forUpdate<Query extends { forUpdate(): Query }>(
  query: Query,
  dialect: Dialect | undefined,
): Query {
  return locksRows(dialect) ? query.forUpdate() : query;
}
