import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../test/harness';

describe.each(BACKENDS)('writeTransaction on %s', (dialect) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb(dialect, { seed: false });
  });
  afterAll(() => t.dispose());

  const message = (name: string) => ({
    name,
    email: `${name}@example.com`,
    phone: '555-0100',
    message: 'hello',
    created_at: new Date().toISOString(),
  });
  const storedNames = async () =>
    (await t.db.kysely.selectFrom('contact_messages').select('name').orderBy('id').execute()).map(
      (row) => row.name,
    );

  it('keeps every transaction that succeeds and only undoes the ones that fail', async () => {
    const writes = Array.from({ length: 40 }, (_, n) =>
      t.db.writeTransaction(async (trx) => {
        await trx
          .insertInto('contact_messages')
          .values(message(`w${n}`))
          .execute();
        if (n % 3 === 0) throw new Error(`refused ${n}`);
        return n;
      }),
    );
    const results = await Promise.allSettled(writes);

    results.forEach((result, n) => {
      if (n % 3 === 0) {
        expect(result).toEqual({ status: 'rejected', reason: new Error(`refused ${n}`) });
      } else {
        expect(result).toEqual({ status: 'fulfilled', value: n });
      }
    });
    const kept = Array.from({ length: 40 }, (_, n) => n)
      .filter((n) => n % 3 !== 0)
      .map((n) => `w${n}`);
    expect((await storedNames()).sort()).toEqual(kept.sort());
  });

  // Shared commits exist on SQLite only; PostgreSQL commits each order itself (decision record 005).
  it.runIf(dialect === 'sqlite')(
    'answers only once the write is committed, and lets writes arriving together share the commit',
    async () => {
      // A second connection sees only what is committed.
      const observer = new SQLite(path.join(t.config.dataDir, 'canopy.sqlite'), { readonly: true });
      const committed = () =>
        (
          observer
            .prepare("SELECT count(*) AS n FROM contact_messages WHERE name LIKE 'batch%'")
            .get() as { n: number }
        ).n;
      const seenAtAnswer: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          t.db
            .writeTransaction((trx) =>
              trx
                .insertInto('contact_messages')
                .values(message(`batch${n}`))
                .execute(),
            )
            .then(() => seenAtAnswer.push(committed())),
        ),
      );
      observer.close();
      // Every caller, the first included, was answered after all 20 rows were on disk.
      expect(seenAtAnswer).toEqual(Array(20).fill(20));
    },
  );
});
