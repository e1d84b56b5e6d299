import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../test/harness';
import { preparedStatementName, reusedQuery } from './reused-query';
import type { Database } from './schema';

const productNames = reusedQuery({
  build: (db, ids: number[]) =>
    db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).orderBy('id'),
  shape: (ids) => ids.length,
  parameters: (ids) => ids,
});

describe.each(BACKENDS)('a query compiled once and reused on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(() => t?.dispose());

  it('answers what the built query answers, for each shape and each call', async () => {
    t = await createTestDb(dialect);
    const ids = (
      await t.db.kysely.selectFrom('products').select('id').orderBy('id').limit(3).execute()
    ).map((row) => row.id);
    const built = (some: number[], db: Kysely<Database> = t!.db.kysely) =>
      db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', 'in', some)
        .orderBy('id')
        .execute();

    for (const some of [ids.slice(0, 2), [ids[2]!, ids[0]!], ids, [ids[1]!]]) {
      expect(await productNames(t.db.kysely, some)).toEqual(await built(some));
    }
    // inside a transaction too (the checkout's case)
    await t.db.kysely.transaction().execute(async (trx) => {
      expect(await productNames(trx, [ids[1]!, ids[2]!])).toEqual(await built(ids.slice(1), trx));
    });
  });

  it('refuses parameters that differ from the built query’s, before running it', async () => {
    t = await createTestDb(dialect);
    const misordered = reusedQuery({
      build: (db, id: number, name: string) =>
        db.selectFrom('products').select('id').where('id', '=', id).where('name', '=', name),
      parameters: (id, name) => [name, id],
    });
    await expect(misordered(t.db.kysely, 1, 'Blue Dream')).rejects.toThrow(
      /parameters differ from the built query/,
    );
  });

  it.runIf(dialect === 'postgres')(
    'runs as a named prepared statement on PostgreSQL, prepared once per connection',
    async () => {
      t = await createTestDb(dialect);
      await t.db.kysely.transaction().execute(async (trx) => {
        await productNames(trx, [1, 2, 3, 4, 5]);
        await productNames(trx, [2, 3, 4, 5, 6]);
        const text = trx
          .selectFrom('products')
          .select(['id', 'name'])
          .where('id', 'in', [1, 2, 3, 4, 5])
          .orderBy('id')
          .compile().sql;
        const name = preparedStatementName(text);
        expect(name).toMatch(/^q[0-9a-f]{20}$/);
        const { rows } = await sql<{ name: string }>`
          select name from pg_prepared_statements where name = ${name}`.execute(trx);
        expect(rows).toEqual([{ name }]);
      });
    },
  );
});
