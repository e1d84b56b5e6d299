import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { CONTACT_LIMIT, CONTACT_RATE_LIMITED } from './limiter';

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

  it('refuses a NUL character in any field with 400 naming the field (PostgreSQL cannot store it)', async () => {
    const before = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', phone: '\u0000', message: 'hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formattedErrors).toEqual(['phone: must not contain NUL characters']);
    const after = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

/** A socket that hands over its messages in order. */
async function openSocket(url: string) {
  const socket = new WebSocket(url);
  const received: { type: string; data: { sessionId?: string } }[] = [];
  const waiters: { type: string; resolve: () => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    received.push(message);
    for (const w of [...waiters])
      if (w.type === message.type) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  });
  const next = (type: string) =>
    new Promise<void>((resolve) => {
      waiters.push({ type, resolve });
    });
  const init = next('init');
  await new Promise((resolve) => socket.once('open', resolve));
  await init;
  return { socket, received, next };
}

describe('14.1 one contact limit for the form and the live chat', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
    wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });
  afterAll(() => t.dispose());

  const contact = {
    name: 'Ada',
    email: 'ada@example.com',
    phone: '555-0100',
    message: 'Call me',
  };

  it('14.1 counts socket contact-info and REST posts against the same limit', async () => {
    const { socket, received, next } = await openSocket(wsUrl);
    const sessionId = received[0].data.sessionId;
    const viaSocket = 3;
    for (let i = 0; i < viaSocket; i++) {
      const ack = next('contact-received');
      socket.send(JSON.stringify({ type: 'contact-info', data: { ...contact, sessionId } }));
      await ack;
    }
    const statuses: number[] = [];
    for (let i = viaSocket; i < CONTACT_LIMIT.max + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact,
        remoteAddress: '127.0.0.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual(CONTACT_RATE_LIMITED);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_LIMIT.max - viaSocket);
    expect(statuses.at(-1)).toBe(429);

    // the socket is over the limit too: no acknowledgement, nothing stored (the init answers check-orders after)
    const before = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    socket.send(JSON.stringify({ type: 'contact-info', data: { ...contact, sessionId } }));
    const marker = next('init');
    socket.send(JSON.stringify({ type: 'check-orders' }));
    await marker;
    expect(received.filter((m) => m.type === 'contact-received')).toHaveLength(viaSocket);
    const after = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    expect(after).toHaveLength(before.length);
    socket.close();
  });
});
