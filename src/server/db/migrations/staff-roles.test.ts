import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { olderDbPerTest } from '../../../../test/suite';
import { staffSessionForToken } from '../../modules/auth/service';
import { migrateToLatest } from '../migrate';

describe.each(BACKENDS)('upgrading to staff roles on %s', (dialect) => {
  const olderDb = olderDbPerTest(dialect);

  it('makes the existing dealer an owner who keeps the password and the open session', async () => {
    const t = await olderDb('2026-11-25T0020-category-ids');
    const db = t.old;
    const { id } = await db
      .insertInto('users')
      .values({ username: 'dealer', password_hash: 'scrypt$kept', created_at: '2026-11-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    const token = 'a-session-token-from-before-the-upgrade';
    await db
      .insertInto('sessions')
      .values({
        id: createHash('sha256').update(token).digest('base64url'),
        user_id: id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();

    await migrateToLatest(t.db);

    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role: 'owner',
      password_hash: 'scrypt$kept',
      disabled_at: null,
      employee_number: null,
    });
    expect(await staffSessionForToken(t.db.kysely, token)).toMatchObject({
      username: 'dealer',
      role: 'owner',
      firstName: 'dealer',
    });
  });
});
