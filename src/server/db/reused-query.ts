import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

interface ReusedQuery<Args extends unknown[], Row> {
  /** the query as Kysely builds it: the source of its SQL, per dialect and shape */
  build(db: Kysely<Database>, ...args: Args): { compile(db: Kysely<Database>): CompiledQuery<Row> };
  /** what changes the SQL text besides the dialect, e.g. the number of rows inserted; none by default */
  shape?(...args: NoInfer<Args>): string | number;
  /** the parameters in the order the built query binds them */
  parameters(...args: NoInfer<Args>): unknown[];
}

/** Statement names of the reused SQL texts, for PostgreSQL's named prepared statements. */
const statementNames = new Map<string, string>();

/** The name under which a reused SQL text is prepared once per connection, if it is one. */
export function preparedStatementName(sqlText: string): string | undefined {
  return statementNames.get(sqlText);
}

/**
 * Kysely builds and compiles a query anew on every call: while placing orders that took
 * about a quarter of the server's time. The checkout's statements come in a few shapes
 * (one per number of lines), so each shape is compiled once per dialect and later calls
 * only compute their parameters. The first call of a shape checks those parameters
 * against the builder's own, so the two cannot drift apart unnoticed. On PostgreSQL the
 * texts are also prepared once per connection (see connect.ts).
 */
export function reusedQuery<Args extends unknown[], Row>(query: ReusedQuery<Args, Row>) {
  const texts = new WeakMap<object, Map<string | number, string>>();
  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    const dialect = db.getExecutor().adapter.constructor;
    const byShape = texts.get(dialect) ?? new Map<string | number, string>();
    texts.set(dialect, byShape);
    const shape = query.shape?.(...args) ?? '';
    const parameters = query.parameters(...args);
    let text = byShape.get(shape);
    if (text === undefined) {
      const compiled = query.build(db, ...args).compile(db);
      if (!isDeepStrictEqual([...compiled.parameters], parameters)) {
        throw new Error(
          `reusedQuery: parameters differ from the built query's for ${compiled.sql}`,
        );
      }
      text = compiled.sql;
      byShape.set(shape, text);
      statementNames.set(text, `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`);
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(text, parameters));
    return result.rows;
  };
}
