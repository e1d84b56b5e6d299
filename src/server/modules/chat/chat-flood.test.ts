import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { openSocket } from '../../../../test/socket';
import { staffClient } from '../../../../test/staff';
import { CHAT_SLOW_DOWN } from './flood-guard';
import { newChatSessionId, recordShopperMessage } from './service';

/** the defaults, spelled out (the harness turns the limits off for other suites) */
const DEFAULT_LIMITS = { CHAT_RATE_LIMIT: '40,120', CHAT_SESSION_LIMIT: '3,20' };
type Socket = Awaited<ReturnType<typeof openSocket>>;
const initOf = (s: Socket) =>
  s.next((m) => m.type === 'init') as Promise<{ data: { sessionId: string } }>;
const acks = (s: Socket) => s.received.filter((m) => m.type === 'message-received');

describe.each(BACKENDS)('chat floods on %s', (dialect) => {
  let t: TestApp;
  let wsUrl: string;
  let owner: Awaited<ReturnType<typeof dealerClient>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, env: DEFAULT_LIMITS });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/ws`;
    owner = await dealerClient(t);
  });
  afterAll(() => t.dispose());

  const storedMessages = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Sends `count` messages and waits for the server to acknowledge every one. */
  async function chat(socket: Socket, count: number, text = 'hello') {
    const before = acks(socket).length;
    for (let i = 0; i < count; i++) socket.send({ type: 'chat-message', data: { message: text } });
    await socket.next(() => acks(socket).length === before + count);
    return acks(socket).slice(before);
  }

  it('a shopper chatting as people do meets no limit', async () => {
    const shopper = await openSocket(wsUrl);
    await initOf(shopper);
    const answers = await chat(shopper, 6);
    expect(answers.map((a) => a.data)).toEqual(Array(6).fill({ ok: true }));
    shopper.socket.close();
  });

  it('10 sockets of one address store one burst of messages, and hear "Slow down"', async () => {
    const before = await storedMessages();
    const sockets = await Promise.all(Array.from({ length: 10 }, () => openSocket(wsUrl)));
    await Promise.all(sockets.map(initOf));
    const answers = (await Promise.all(sockets.map((s) => chat(s, 30, 'spam')))).flat();
    // the address's burst: a fifth of 120 per 10 s (the shopper above sent 6 of them)
    expect(await storedMessages()).toBe(before + 24 - 6);
    const refused = answers.filter((a) => !(a.data as { ok: boolean }).ok);
    expect(refused).toHaveLength(300 - 18);
    expect(refused[0].data).toEqual({
      ok: false,
      error: CHAT_SLOW_DOWN,
      retryAfter: expect.any(Number),
    });
    for (const s of sockets) s.socket.close();
  });

  it('one address opens a few new chat sessions a minute, not hundreds', async () => {
    const fresh = await createTestApp(dialect, { seed: false, env: DEFAULT_LIMITS });
    try {
      const url = `${(await fresh.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
      const sockets = await Promise.all(Array.from({ length: 12 }, () => openSocket(url)));
      await Promise.all(sockets.map(initOf));
      await Promise.all(sockets.map((s) => chat(s, 1)));
      const sessions = await fresh.db.kysely.selectFrom('chat_sessions').select('id').execute();
      expect(sessions).toHaveLength(4);
      for (const s of sockets) s.socket.close();
    } finally {
      await fresh.dispose();
    }
  });

  it('pages the inbox, unread first, and spam closed by support leaves it', async () => {
    const customer = newChatSessionId();
    await recordShopperMessage(t.db.kysely, {
      sessionId: customer,
      shopperId: 'real-customer',
      message: 'Where is my order?',
    });
    const spam: string[] = [];
    for (let i = 0; i < 200; i++) {
      const sessionId = newChatSessionId();
      spam.push(sessionId);
      await recordShopperMessage(t.db.kysely, { sessionId, shopperId: null, message: `ad ${i}` });
    }
    // support reads the flood's newest session: an unread customer comes before it
    await owner.send('POST', `/api/chat/sessions/${spam.at(-1)}/read`, {});

    const seen: string[] = [];
    let url: string | null = '/api/chat/sessions?limit=80';
    while (url) {
      const page = await owner.send('GET', url);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().map((s: { sessionId: string }) => s.sessionId));
      url = /^<([^>]+)>; rel="next"$/.exec(String(page.headers.link ?? ''))?.[1] ?? null;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(customer);
    expect(seen.indexOf(spam.at(-1)!)).toBeGreaterThan(seen.indexOf(customer));
    expect(seen.at(-1)).toBe(spam.at(-1));

    const first = await owner.send('GET', '/api/chat/sessions');
    expect(first.json()).toHaveLength(50);
    expect(first.json()[0]).toEqual({
      sessionId: expect.any(String),
      name: null,
      email: null,
      phone: null,
      createdAt: expect.any(String),
      lastMessageAt: expect.any(String),
      unreadCount: 1,
      lastMessage: expect.any(String),
    });
  });

  it('support closes a session as spam: out of the inbox, its messages dropped, audited', async () => {
    // its first message came before the limits above were used up
    const shopperId = 'spammer-cookie-0123456789abcdef';
    const data = { sessionId: newChatSessionId() };
    await recordShopperMessage(t.db.kysely, { ...data, shopperId, message: 'buy followers' });
    const spammer = await openSocket(wsUrl, { cookie: `canopy_shopper=${shopperId}` });
    expect((await initOf(spammer)).data.sessionId).toBe(data.sessionId);
    const support = await staffClient(t, owner, 'support');
    const driver = await staffClient(t, owner, 'driver');

    const url = `/api/chat/sessions/${data.sessionId}/spam`;
    expect((await driver.send('POST', url, {})).statusCode).toBe(403);
    expect((await support.send('POST', url, {})).json()).toEqual({ success: true });
    const missing = await support.send('POST', `/api/chat/sessions/${newChatSessionId()}/spam`, {});
    expect(missing.statusCode).toBe(404);

    const inbox = await support.send('GET', '/api/chat/sessions?limit=200');
    expect(inbox.json().map((s: { sessionId: string }) => s.sessionId)).not.toContain(
      data.sessionId,
    );
    await chat(spammer, 2, 'still here');
    const stored = await t.db.kysely
      .selectFrom('chat_messages')
      .select('message')
      .where('session_id', '=', data.sessionId)
      .execute();
    expect(stored).toEqual([{ message: 'buy followers' }]);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'staff_username', 'changes'])
      .where('entity', '=', 'chat_sessions')
      .where('entity_id', '=', data.sessionId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'closed as spam', staff_username: support.username });
    expect(JSON.parse(entry.changes)).toMatchObject({ muted_at: { from: null } });
    spammer.socket.close();
  });
});
