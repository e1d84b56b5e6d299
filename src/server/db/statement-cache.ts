import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept: the app has a few dozen; `IN (?, ?, ...)` lists add variants. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every statement again on each query, and the
 * preparing took a fifth of the server's time while placing orders. The app
 * issues the same few SQL texts over and over, so each is prepared once.
 * (Safe because SQLite has one connection, used by one query at a time.)
 */
export function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql); // re-inserted below: the map's order is least recently used first
      } else {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) {
          statements.delete(statements.keys().next().value as string);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
