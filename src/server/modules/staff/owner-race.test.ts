import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { staffClient } from '../../../../test/staff';

/** Two owners demoting each other at the same moment leave one owner, never none. */
describe.each(BACKENDS)('owner changes at once on %s', (dialect) => {
  let t: TestApp;
  let creator: { send: Awaited<ReturnType<typeof staffClient>>['send'] };
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    creator = await dealerClient(t);
  });
  afterAll(() => t.dispose());

  const activeOwners = () =>
    t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .execute();

  /**
   * Both changes start, and on PostgreSQL both wait inside their transactions on the staff
   * lock, which the test holds until then: each has passed its session check, so the two
   * truly race every round. (Left to the scheduler on a loaded machine, one change could
   * commit before the other's session check, which then answered 401, not LAST_OWNER.)
   */
  async function atOnce<T>(changes: () => Promise<T>): Promise<T> {
    if (dialect !== 'postgres') return changes();
    const { started } = await t.db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('canopy:staff-changes'))`.execute(trx);
      const started = changes();
      await staffLockWaiters(2);
      return { started };
    });
    return started;
  }

  async function staffLockWaiters(count: number): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*) as waiting from pg_locks
        where locktype = 'advisory' and not granted
          and objid::bigint = (hashtext('canopy:staff-changes')::bigint & 4294967295)`.execute(
        t.db.kysely,
      );
      if (Number(rows[0]!.waiting) >= count) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it.each([
    ['demote', { role: 'support' }],
    ['disable', { disabled: true }],
  ])(
    'two owners who %s each other at once: one wins, the other is told LAST_OWNER',
    async (_verb, change) => {
      for (let round = 0; round < 5; round++) {
        const a = await staffClient(t, creator, 'owner', 'ann');
        const b = await staffClient(t, creator, 'owner', 'bea');
        // a and b are the shop's only active owners
        await t.db.kysely
          .updateTable('users')
          .set({ disabled_at: new Date().toISOString() })
          .where('role', '=', 'owner')
          .where('id', 'not in', [a.id, b.id])
          .execute();

        const answers = await atOnce(() =>
          Promise.all([
            a.send('PATCH', `/api/staff/${b.id}`, change),
            b.send('PATCH', `/api/staff/${a.id}`, change),
          ]),
        );
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('LAST_OWNER');
        const owners = await activeOwners();
        expect(owners).toHaveLength(1);
        creator = Number(owners[0]!.id) === a.id ? a : b;
      }
    },
  );
});
