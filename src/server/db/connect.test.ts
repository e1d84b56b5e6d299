import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../test/harness';

describe.each(BACKENDS)('a transaction on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.dispose();
  });

  const nameOf = async (id: number) =>
    (
      await t!.db.kysely
        .selectFrom('products')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).name;

  it('undoes its first write when it fails, and reports the failing statement', async () => {
    t = await createTestDb(dialect);
    const before = await nameOf(1);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ name: 'Renamed' }).where('id', '=', 1).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await nameOf(1)).toBe(before);

    await expect(
      t.db.kysely.transaction().execute((trx) => sql`select * from no_such_table`.execute(trx)),
    ).rejects.toThrow(/no_such_table/);
    // the connection that failed is usable again
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: 'Renamed' }).where('id', '=', 1).execute();
    });
    expect(await nameOf(1)).toBe('Renamed');
  });

  it.runIf(dialect === 'postgres')(
    'sends its first statement with BEGIN, without waiting for BEGIN’s answer',
    async () => {
      t = await createTestDb(dialect);
      const wire: string[] = [];
      const query = pg.Client.prototype.query;
      vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: Parameters<typeof query>
      ) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        const label = text.split(' ')[0]!.toLowerCase();
        wire.push(`sent ${label}`);
        const answer = query.apply(this, args) as unknown as Promise<unknown>;
        void answer.then(() => wire.push(`answered ${label}`)).catch(() => {});
        return answer as never;
      });
      await t.db.kysely
        .transaction()
        .execute((trx) => trx.selectFrom('products').select('name').where('id', '=', 1).execute());
      expect(wire.slice(0, 2)).toEqual(['sent begin', 'sent select']);
      expect(wire).toContain('answered commit');
    },
  );
});
