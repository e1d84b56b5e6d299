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

        const answers = await Promise.all([
          a.send('PATCH', `/api/staff/${b.id}`, change),
          b.send('PATCH', `/api/staff/${a.id}`, change),
        ]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('LAST_OWNER');
        const owners = await activeOwners();
        expect(owners).toHaveLength(1);
        creator = Number(owners[0]!.id) === a.id ? a : b;
      }
    },
  );
});
