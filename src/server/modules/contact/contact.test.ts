import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { appPerSuite } from '../../../../test/suite';
import { CONTACT_LIMIT, CONTACT_RATE_LIMITED } from './limiter';

describe.each(BACKENDS)('POST /api/contact on %s', (dialect) => {
  const t = appPerSuite(dialect, { seed: false });

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

  it.each([
    [
      'refuses missing fields and a bad email, storing nothing',
      { name: '', email: 'not-an-email', phone: '555', message: 'hi' },
      ['name: is required', 'email: must be a valid email address'],
    ],
    [
      'refuses a NUL character in any field with 400 naming the field (PostgreSQL cannot store it)',
      { name: 'A', email: 'a@example.com', phone: '\u0000', message: 'hi' },
      ['phone: must not contain NUL characters'],
    ],
  ])('%s', async (_name, payload, formattedErrors) => {
    const stored = () => t.db.kysely.selectFrom('contact_messages').select('id').execute();
    const before = await stored();
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().formattedErrors).toEqual(formattedErrors);
    expect(await stored()).toHaveLength(before.length);
  });
});

describe.each(BACKENDS)('the contact messages inbox on %s', (dialect) => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });
  afterAll(() => t.dispose());

  const send = (message: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', phone: '555-0100', message },
    });

  it('announces a new contact message to dealers, lists it newest first as new, and marks it handled', async () => {
    const dealer = await dealerClient(t);
    const { socket, received, next } = await openSocket(wsUrl, dealer.cookie);
    const announced = next('new-customer-contact');
    expect((await send('First question')).statusCode).toBe(201);
    expect((await send('Do you deliver to Elm St?')).statusCode).toBe(201);
    await announced;
    expect(received.find((m) => m.type === 'new-customer-contact')?.data).toMatchObject({
      name: 'Ada',
      phone: '555-0100',
      email: 'ada@example.com',
    });

    const inbox = await dealer.send('GET', '/api/contact-messages');
    expect(inbox.statusCode).toBe(200);
    const [newest, older] = inbox.json();
    expect(newest).toMatchObject({
      message: 'Do you deliver to Elm St?',
      handledAt: null,
      chatSessionId: null,
    });
    expect(older.message).toBe('First question');

    const handled = next('contact-message-handled');
    const marked = await dealer.send('PATCH', `/api/contact-messages/${newest.id}`, {
      handled: true,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().handledAt).toEqual(expect.any(String));
    await handled;
    const after = (await dealer.send('GET', '/api/contact-messages')).json();
    expect(after.filter((m: { handledAt: string | null }) => m.handledAt === null)).toHaveLength(1);

    const reopened = await dealer.send('PATCH', `/api/contact-messages/${newest.id}`, {
      handled: false,
    });
    expect(reopened.json().handledAt).toBeNull();
    socket.close();
  });

  it('keeps the inbox from shoppers (401) and refuses an unknown message (404) or a bad body (400)', async () => {
    const dealer = await dealerClient(t);
    expect((await dealer.send('GET', '/api/contact-messages', undefined, true)).statusCode).toBe(
      401,
    );
    const [one] = (await dealer.send('GET', '/api/contact-messages')).json();
    const anonymous = await dealer.send(
      'PATCH',
      `/api/contact-messages/${one.id}`,
      { handled: true },
      true,
    );
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await dealer.send('PATCH', '/api/contact-messages/999999', { handled: true })).json(),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await dealer.send('PATCH', `/api/contact-messages/${one.id}`, { handled: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('a shopper socket never hears of contact messages', async () => {
    const { socket, received, next } = await openSocket(wsUrl);
    await send('Anyone there?');
    const marker = next('orders');
    socket.send(JSON.stringify({ type: 'check-orders' }));
    await marker;
    expect(received.map((m) => m.type)).not.toContain('new-customer-contact');
    socket.close();
  });
});

/** A socket that hands over its messages in order. */
async function openSocket(url: string, cookie?: string) {
  const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  const received: { type: string; data: Record<string, unknown> & { sessionId?: string } }[] = [];
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

    // the socket is over the limit too: refused with the reason, nothing stored
    const before = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    const refusal = next('contact-received');
    socket.send(JSON.stringify({ type: 'contact-info', data: { ...contact, sessionId } }));
    await refusal;
    expect(received.filter((m) => m.type === 'contact-received').at(-1)?.data).toEqual({
      ok: false,
      error: CONTACT_RATE_LIMITED.error,
    });
    const after = await t.db.kysely.selectFrom('contact_messages').select('id').execute();
    expect(after).toHaveLength(before.length);
    socket.close();
  });
});
