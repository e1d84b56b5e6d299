import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';

describe.each(BACKENDS)('POST /api/contact on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.dispose());

  it('stores a valid message and thanks the shopper', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: ' Ada ',
        email: 'ada@example.com',
        phone: '555-0100',
        message: 'Do you deliver to Elm St?',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/get back to you/);
    const rows = await t.db.kysely.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Do you deliver to Elm St?',
    });
  });

  it('refuses missing fields and a bad email, storing nothing', async () => {
    const before = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'not-an-email', phone: '555', message: 'hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formattedErrors).toEqual([
      'name: is required',
      'email: must be a valid email address',
    ]);
    const after = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
