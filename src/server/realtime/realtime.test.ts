import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BACKENDS, createTestApp, type TestApp } from '../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../test/orders-fixtures';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/constants';
import type { Order } from '../../shared/schemas/orders';
import type { Product } from '../../shared/schemas/products';
import { buildApp } from '../app';
import { ensureDealer } from '../modules/auth/service';
import { DEALER_RECHECK_MS } from './ws-routes';

interface Message {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read many message shapes
  data: any;
}

/** A real socket that records what it receives. */
async function connect(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  /** the shopper cookie the server set with the upgrade, if it set one */
  let shopperCookie: string | undefined;
  socket.once('upgrade', (response) => {
    const set = [response.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('canopy_shopper='));
    shopperCookie = set?.split(';')[0];
  });
  const received: Message[] = [];
  /** browsers hand binary frames to the page as Blobs, which the client does not read */
  const binaryFrames = { count: 0 };
  const waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on('message', (raw, isBinary) => {
    if (isBinary) binaryFrames.count++;
    const message = JSON.parse(raw.toString()) as Message;
    received.push(message);
    for (const w of [...waiters])
      if (w.test(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (test: (m: Message) => boolean, timeoutMs = 3000) =>
    new Promise<Message>((resolve, reject) => {
      const found = received.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error('timed out waiting for a message')),
        timeoutMs,
      );
      waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const send = (m: unknown) => socket.send(typeof m === 'string' ? m : JSON.stringify(m));
  /**
   * A marker: the socket's messages are answered in turn, so whatever the
   * server had sent before it answers this `check-orders` has arrived by then.
   */
  const settle = async () => {
    const count = received.filter((m) => m.type === 'orders').length;
    send({ type: 'check-orders' });
    await next(() => received.filter((m) => m.type === 'orders').length > count);
    return received;
  };
  return {
    socket,
    received,
    binaryFrames,
    next,
    closed,
    send,
    settle,
    shopperCookie: () => shopperCookie,
  };
}

/** The status of an upgrade the server refused (throws if it was accepted). */
function refusedUpgrade(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      socket.close();
      reject(new Error('upgrade accepted'));
    });
    socket.on('error', () => {});
  });
}

const DEALER = { username: 'rt-dealer', password: 'realtime-password-1' };

describe.each(BACKENDS)('real-time channel on %s', (dialect) => {
  let t: TestApp;
  let wsUrl: string;
  let dealerCookie: string;
  let products: Map<string, Product>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/ws`;
    await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEALER });
    dealerCookie = `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
    products = await productsByName(t.app);
  });
  afterAll(() => t.dispose());

  async function placeAs(cookie: string | undefined, name: string) {
    const all = [...products.values()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(products.get('Rolling Papers')!, '1')], all, { customer: name }),
      headers: cookie ? { cookie } : {},
    });
    const set = res.cookies.find((c) => c.name === 'canopy_shopper');
    return { order: res.json<Order>(), cookie: cookie ?? `canopy_shopper=${set!.value}` };
  }

  it('answers check-orders with the orders the socket may see, and fetch-schedule-slots with the slots, not the catalog', async () => {
    const a = await placeAs(undefined, 'Carol');
    await placeAs(undefined, 'Dave');
    const dealer = await connect(wsUrl, dealerCookie);
    const carol = await connect(wsUrl, a.cookie);
    for (const s of [dealer, carol]) await s.next((m) => m.type === 'init');
    const inits = (s: typeof carol) => s.received.filter((m) => m.type === 'init').length;

    carol.send({ type: 'check-orders' });
    const mine = await carol.next((m) => m.type === 'orders');
    expect(mine.data.map((o: Order) => o.customer)).toEqual(['Carol']);
    dealer.send({ type: 'check-orders' });
    const all = await dealer.next((m) => m.type === 'orders');
    expect(all.data.map((o: Order) => o.customer)).toEqual(
      expect.arrayContaining(['Carol', 'Dave']),
    );

    carol.send({ type: 'fetch-schedule-slots' });
    const slots = await carol.next((m) => m.type === 'schedule-slots');
    expect(slots.data).toEqual((await t.app.inject('/api/schedule-slots')).json());
    expect([inits(carol), inits(dealer)]).toEqual([1, 1]);
    for (const s of [dealer, carol]) s.socket.close();
  });

  it('throttles check-orders and fetch-schedule-slots as sync-products: a burst of 3, then one per 5 s', async () => {
    const shopper = await connect(wsUrl);
    await shopper.next((m) => m.type === 'init');
    for (let i = 0; i < 10; i++) shopper.send({ type: 'check-orders' });
    for (let i = 0; i < 10; i++) shopper.send({ type: 'fetch-schedule-slots' });
    // answered in turn: once the product list is back, every earlier message has been handled
    shopper.send({ type: 'sync-products' });
    await shopper.next((m) => m.type === 'products-updated');
    const count = (type: string) => shopper.received.filter((m) => m.type === type).length;
    expect([count('orders'), count('schedule-slots'), count('init')]).toEqual([3, 3, 1]);
    shopper.socket.close();
  });

  it('scopes init by role: the dealer gets every order, a shopper only their own', async () => {
    const a = await placeAs(undefined, 'Alice');
    const b = await placeAs(undefined, 'Bob');
    const dealer = await connect(wsUrl, dealerCookie);
    const alice = await connect(wsUrl, a.cookie);
    const stranger = await connect(wsUrl);
    const dealerInit = (await dealer.next((m) => m.type === 'init')).data;
    const aliceInit = (await alice.next((m) => m.type === 'init')).data;
    const strangerInit = (await stranger.next((m) => m.type === 'init')).data;
    expect(dealerInit.orders.map((o: Order) => o.id)).toEqual(
      expect.arrayContaining([a.order.id, b.order.id]),
    );
    expect(aliceInit.orders.map((o: Order) => o.id)).toEqual([a.order.id]);
    expect(strangerInit.orders).toEqual([]);
    expect(aliceInit.products.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(aliceInit).sort()).toEqual([
      'categories',
      'dealerSettings',
      'orders',
      'products',
      'promotions',
      'scheduleSlots',
      'sessionId',
    ]);

    // a new order reaches the dealer and its shopper, never another shopper
    const c = await placeAs(a.cookie, 'Alice again');
    await dealer.next((m) => m.type === 'order-created' && m.data.id === c.order.id);
    await alice.next((m) => m.type === 'order-created' && m.data.id === c.order.id);
    // a later answer on the stranger's own socket: an order event would have come before it
    stranger.send({ type: 'sync-products' });
    await stranger.next((m) => m.type === 'products-updated');
    expect(stranger.received.some((m) => m.type.startsWith('order-'))).toBe(false);
    const bob = await connect(wsUrl, b.cookie);
    await bob.next((m) => m.type === 'init');
    await placeAs(a.cookie, 'Alice thrice');
    await alice.next((m) => m.type === 'order-created' && m.data.customer === 'Alice thrice');
    bob.send({ type: 'sync-products' });
    await bob.next((m) => m.type === 'products-updated');
    expect(bob.received.some((m) => m.type === 'order-created')).toBe(false);
    for (const s of [dealer, alice, stranger, bob]) s.socket.close();
  });

  it('sends a REST change to every socket without reloading', async () => {
    const sockets = await Promise.all([
      connect(wsUrl),
      connect(wsUrl),
      connect(wsUrl, dealerCookie),
    ]);
    await Promise.all(sockets.map((s) => s.next((m) => m.type === 'init')));
    const { order } = await placeAs(undefined, 'Stock mover');
    const papers = products.get('Rolling Papers')!;
    for (const s of sockets) {
      const update = await s.next(
        (m) =>
          m.type === 'product-updated' && m.data.id === papers.id && m.data.stock < papers.stock,
      );
      expect(update.data.name).toBe('Rolling Papers');
    }
    expect(order.id).toBeGreaterThan(0);
    for (const s of sockets) expect(s.binaryFrames.count).toBe(0);
    for (const s of sockets) s.socket.close();
  });

  it('ignores unparseable messages and closes oversized and flooding sockets, leaving the others alone', async () => {
    const calm = await connect(wsUrl);
    const noisy = await connect(wsUrl);
    const huge = await connect(wsUrl);
    const flood = await connect(wsUrl);
    await Promise.all([calm, noisy, huge, flood].map((s) => s.next((m) => m.type === 'init')));

    noisy.send('this is not json {');
    noisy.send({ no: 'type' });
    noisy.send({ type: 'sync-products' });
    await noisy.next((m) => m.type === 'products-updated');

    huge.send('x'.repeat(70 * 1024));
    expect(await huge.closed).toBe(1009);

    for (let i = 0; i < 200; i++) flood.send({ type: 'add-to-cart', data: { id: 1 } });
    expect(await flood.closed).toBe(1008);

    calm.send({ type: 'sync-products' });
    await calm.next((m) => m.type === 'products-updated');
    expect(calm.socket.readyState).toBe(WebSocket.OPEN);
    calm.socket.close();
    noisy.socket.close();
  });

  it('carries chat both ways: a shopper message reaches the dealer, the reply reaches the shopper, history is restored', async () => {
    const dealer = await connect(wsUrl, dealerCookie);
    const shopper = await connect(wsUrl);
    await dealer.next((m) => m.type === 'init');
    const { sessionId } = (await shopper.next((m) => m.type === 'init')).data;
    shopper.send({
      type: 'chat-message',
      data: { sessionId, message: 'Do you have Blue Dream?', name: 'Kim' },
    });
    const incoming = await dealer.next((m) => m.type === 'new-chat-message');
    expect(incoming.data).toMatchObject({
      sessionId,
      message: 'Do you have Blue Dream?',
      name: 'Kim',
    });

    dealer.send({ type: 'support-response', data: { sessionId, message: 'Yes, plenty!' } });
    dealer.send({ type: 'support-response', data: { sessionId, message: 'Yes, plenty!' } });
    dealer.send({ type: 'support-response', data: { sessionId, message: { not: 'a string' } } });
    const reply = await shopper.next((m) => m.type === 'support-response');
    expect(reply.data).toMatchObject({ sessionId, message: 'Yes, plenty!' });
    await dealer.settle();
    await shopper.settle();
    expect(shopper.received.filter((m) => m.type === 'support-response')).toHaveLength(1);

    // the same shopper (same cookie) on a new socket is handed the same session and its history
    const again = await connect(wsUrl, shopper.shopperCookie());
    expect((await again.next((m) => m.type === 'init')).data.sessionId).toBe(sessionId);
    again.send({ type: 'restore-session', data: { sessionId } });
    const restored = await again.next((m) => m.type === 'session-restored');
    expect(
      restored.data.chatHistory.map((m: { message: string; isFromSupport: boolean }) => [
        m.message,
        m.isFromSupport,
      ]),
    ).toEqual([
      ['Do you have Blue Dream?', false],
      ['Yes, plenty!', true],
    ]);

    shopper.send({
      type: 'contact-info',
      data: {
        sessionId,
        name: 'Kim',
        email: 'kim@example.com',
        phone: '555-0199',
        message: 'Call me',
        timestamp: new Date().toISOString(),
      },
    });
    const contact = await dealer.next((m) => m.type === 'new-customer-contact');
    expect(contact.data).toMatchObject({
      name: 'Kim',
      email: 'kim@example.com',
      phone: '555-0199',
    });
    await shopper.next((m) => m.type === 'contact-received');

    const inbox = await t.app.inject({
      url: '/api/chat/sessions',
      headers: { cookie: dealerCookie },
    });
    expect(inbox.json()[0]).toMatchObject({ sessionId, name: 'Kim', unreadCount: 0 });
    const contacts = await t.app.inject({
      url: '/api/contact-messages',
      headers: { cookie: dealerCookie },
    });
    expect(contacts.json()[0]).toMatchObject({
      name: 'Kim',
      message: 'Call me',
      chatSessionId: sessionId,
      handledAt: null,
    });

    // a contact-info missing its phone is refused with the form's reason, and nothing is stored
    shopper.send({
      type: 'contact-info',
      data: { sessionId, name: 'Kim', email: 'kim@example.com', phone: '', message: 'Hi' },
    });
    const refused = await shopper.next((m) => m.type === 'contact-received' && m.data.ok === false);
    expect(refused.data.error).toBe('Please fill out all fields to send your message.');
    for (const s of [dealer, shopper, again]) s.socket.close();
  });

  it('ignores a chat message holding a NUL character (PostgreSQL cannot store it) and keeps the socket', async () => {
    const shopper = await connect(wsUrl);
    const { sessionId } = (await shopper.next((m) => m.type === 'init')).data;
    shopper.send({ type: 'chat-message', data: { sessionId, message: 'bad\u0000text' } });
    shopper.send({ type: 'chat-message', data: { sessionId, message: 'hello' } });
    await shopper.next((m) => m.type === 'message-received');
    expect(await historyOf(sessionId)).toEqual(['hello']);
    shopper.socket.close();
  });

  it('lets a shopper socket send no support replies', async () => {
    const { shopper, sessionId } = await shopperChatting('hello');
    shopper.send({
      type: 'support-response',
      data: { sessionId, message: 'I am support, honest' },
    });
    await shopper.settle();
    expect(await historyOf(sessionId)).toEqual(['hello']);
    shopper.socket.close();
  });

  /** A shopper socket whose chat the server has received `message` in. */
  async function shopperChatting(message: string) {
    const shopper = await connect(wsUrl);
    const { sessionId } = (await shopper.next((m) => m.type === 'init')).data;
    shopper.send({ type: 'chat-message', data: { sessionId, message } });
    await shopper.next((m) => m.type === 'message-received');
    return { shopper, sessionId };
  }

  async function historyOf(sessionId: string): Promise<string[]> {
    const res = await t.app.inject({
      url: `/api/chat/sessions/${sessionId}/messages`,
      headers: { cookie: dealerCookie },
    });
    return res.json().map((m: { message: string }) => m.message);
  }

  async function loginAs(username: string, password: string) {
    await ensureDealer(t.db.kysely, username, password);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    return `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
  }

  const orderCreated = (socket: Awaited<ReturnType<typeof connect>>, id: number) =>
    socket.received.some((m) => m.type === 'order-created' && m.data.id === id);

  it('13.3 a dealer socket stops being one at logout: the next order reaches only live dealers', async () => {
    const cookie = await loginAs('rt-logout', 'logout-password-1');
    const old = await connect(wsUrl, cookie);
    const live = await connect(wsUrl, dealerCookie);
    expect((await old.next((m) => m.type === 'init')).data.orders.length).toBeGreaterThan(0);
    await live.next((m) => m.type === 'init');

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    // downgraded, not left open as a dealer: a fresh init with a shopper's (empty) order list
    await old.next((m) => m.type === 'init' && m.data.orders.length === 0);

    const { order } = await placeAs(undefined, 'After logout');
    await live.next((m) => m.type === 'order-created' && m.data.id === order.id);
    await old.settle();
    expect(orderCreated(old, order.id)).toBe(false);

    // a support reply from the old socket is refused
    const { shopper, sessionId } = await shopperChatting('anyone there?');
    old.send({ type: 'support-response', data: { sessionId, message: 'logged-out reply' } });
    await old.settle();
    expect(await historyOf(sessionId)).toEqual(['anyone there?']);
    for (const s of [old, live, shopper]) s.socket.close();
  });

  it('13.3 a password reset (npm run dealer) ends the sockets of every session it ended', async () => {
    const cookie = await loginAs('rt-reset', 'reset-password-1');
    const acting = await connect(wsUrl, cookie);
    const idle = await connect(wsUrl, cookie);
    const live = await connect(wsUrl, dealerCookie);
    for (const s of [acting, idle, live]) await s.next((m) => m.type === 'init');
    const initsBefore = idle.received.filter((m) => m.type === 'init').length;

    await ensureDealer(t.db.kysely, 'rt-reset', 'reset-password-2');

    // re-checked before a dealer-only message is acted on
    const { shopper, sessionId } = await shopperChatting('hello?');
    acting.send({ type: 'support-response', data: { sessionId, message: 'stale reply' } });
    await acting.next((m) => m.type === 'init' && m.data.orders.length === 0);
    expect(await historyOf(sessionId)).toEqual(['hello?']);

    // and found by the periodic re-check when the socket says nothing
    await idle.next(
      (m) =>
        m.type === 'init' && idle.received.filter((x) => x.type === 'init').length > initsBefore,
      DEALER_RECHECK_MS * 3,
    );

    const { order } = await placeAs(undefined, 'After reset');
    await live.next((m) => m.type === 'order-created' && m.data.id === order.id);
    await acting.settle();
    await idle.settle();
    expect(orderCreated(acting, order.id)).toBe(false);
    expect(orderCreated(idle, order.id)).toBe(false);
    for (const s of [acting, idle, live, shopper]) s.socket.close();
  }, 30_000);

  it('13.3 a socket whose session expired gets the shopper view when it asks for orders', async () => {
    const cookie = await loginAs('rt-expiry', 'expiry-password-1');
    const socket = await connect(wsUrl, cookie);
    expect((await socket.next((m) => m.type === 'init')).data.orders.length).toBeGreaterThan(0);
    const user = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'rt-expiry')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', Number(user.id))
      .execute();
    const count = socket.received.length;
    socket.send({ type: 'check-orders' });
    const next = await socket.next((m) => m.type === 'init' && socket.received.indexOf(m) >= count);
    expect(next.data.orders).toEqual([]);
    socket.socket.close();
  });

  it('13.4 refuses a /ws upgrade from another site, accepts its own and non-browser clients', async () => {
    const host = new URL(wsUrl).host;
    expect(
      await refusedUpgrade(wsUrl, { origin: 'https://evil.example', cookie: dealerCookie }),
    ).toBe(403);
    expect(await refusedUpgrade(wsUrl, { origin: 'null', cookie: dealerCookie })).toBe(403);
    const own = await connect(wsUrl, dealerCookie, { origin: `http://${host}` });
    expect((await own.next((m) => m.type === 'init')).data.orders.length).toBeGreaterThan(0);
    const bare = await connect(wsUrl);
    await bare.next((m) => m.type === 'init');
    own.socket.close();
    bare.socket.close();
  });

  it('11.1 issues crypto-random chat session ids, each bound to a shopper cookie set with the upgrade', async () => {
    const sockets = await Promise.all([connect(wsUrl), connect(wsUrl), connect(wsUrl)]);
    const ids = await Promise.all(
      sockets.map(async (s) => (await s.next((m) => m.type === 'init')).data.sessionId),
    );
    for (const id of ids) expect(id).toMatch(/^session-\d{13}-[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
    const cookies = sockets.map((s) => s.shopperCookie());
    for (const c of cookies) expect(c).toMatch(/^canopy_shopper=[A-Za-z0-9_-]{22,}$/);
    expect(new Set(cookies).size).toBe(3);
    // a shopper who already has a cookie keeps it
    const known = await connect(wsUrl, cookies[0]);
    await known.next((m) => m.type === 'init');
    expect(known.shopperCookie()).toBeUndefined();
    for (const s of [...sockets, known]) s.socket.close();
  });

  it("11.2 refuses restore-session, chat-message and contact-info on another shopper's session", async () => {
    const owner = await connect(wsUrl);
    const { sessionId } = (await owner.next((m) => m.type === 'init')).data;
    owner.send({
      type: 'chat-message',
      data: { sessionId, message: 'My address is 1 Elm St', name: 'Ann', phone: '555-0101' },
    });
    await owner.next((m) => m.type === 'message-received');

    const intruder = await connect(wsUrl);
    await intruder.next((m) => m.type === 'init');
    intruder.send({ type: 'restore-session', data: { sessionId } });
    intruder.send({ type: 'chat-message', data: { sessionId, message: 'injected' } });
    intruder.send({
      type: 'contact-info',
      data: { sessionId, name: 'Eve', email: 'eve@example.com', phone: '555-0666' },
    });
    const seen = await intruder.settle();
    expect(
      seen.filter((m) =>
        ['session-restored', 'message-received', 'contact-received', 'new-chat-message'].includes(
          m.type,
        ),
      ),
    ).toEqual([]);
    expect(await historyOf(sessionId)).toEqual(['My address is 1 Elm St']);
    const sessions = (
      await t.app.inject({ url: '/api/chat/sessions', headers: { cookie: dealerCookie } })
    ).json() as { sessionId: string; name: string | null }[];
    expect(sessions.find((x) => x.sessionId === sessionId)?.name).toBeNull();

    // a made-up id is refused too: sessions are the server's to issue
    intruder.send({
      type: 'chat-message',
      data: { sessionId: `session-${Date.now()}-abc123`, message: 'made up' },
    });
    expect((await intruder.settle()).some((m) => m.type === 'message-received')).toBe(false);
    owner.socket.close();
    intruder.socket.close();
  });

  it('13.13 answers sync-products a few times in a burst, then ignores it', async () => {
    const socket = await connect(wsUrl);
    await socket.next((m) => m.type === 'init');
    for (let i = 0; i < 10; i++) socket.send({ type: 'sync-products' });
    const seen = await socket.settle();
    const answers = seen.filter((m) => m.type === 'products-updated');
    expect(answers).toHaveLength(3);
    expect(answers[0].data.length).toBeGreaterThanOrEqual(40);
    socket.socket.close();
  });

  it('14.2 refuses a dealer socket reply over the chat cap', async () => {
    const { shopper, sessionId } = await shopperChatting('long answer please');
    const dealer = await connect(wsUrl, dealerCookie);
    await dealer.next((m) => m.type === 'init');
    const tooLong = 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1);
    dealer.send({ type: 'support-response', data: { sessionId, message: tooLong } });
    dealer.send({
      type: 'support-response',
      data: { sessionId, message: 'y'.repeat(CHAT_MESSAGE_MAX_LENGTH) },
    });
    await shopper.next((m) => m.type === 'support-response');
    await dealer.settle();
    expect(await historyOf(sessionId)).toEqual([
      'long answer please',
      'y'.repeat(CHAT_MESSAGE_MAX_LENGTH),
    ]);
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sessionId}/reply`,
      payload: { message: tooLong },
      headers: { cookie: dealerCookie },
    });
    expect(rest.statusCode).toBe(400);
    shopper.socket.close();
    dealer.socket.close();
  });
});

describe.runIf(BACKENDS.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let secondApp: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    first = await createTestApp('postgres');
    secondApp = await buildApp({ config: first.config, db: first.db, logger: false });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await secondApp.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await secondApp.close();
    await first.dispose();
  });

  it('delivers a change made on one instance to a socket on the other', async () => {
    const url = `ws://127.0.0.1:${(secondApp.server.address() as { port: number }).port}/ws`;
    const socket = await connect(url);
    await socket.next((m) => m.type === 'init');
    const products = await productsByName(first.app);
    const all = [...products.values()];
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(products.get('Hemp Wick')!, '1')], all),
    });
    expect(res.statusCode).toBe(201);
    // how fast is a benchmark's question (bench/fanout.ts); here only that it arrives
    await socket.next((m) => m.type === 'product-updated' && m.data.name === 'Hemp Wick');
    socket.socket.close();
  });

  it('keeps the order of events published together (they share one NOTIFY)', async () => {
    const socket = await connect(
      `ws://127.0.0.1:${(secondApp.server.address() as { port: number }).port}/ws`,
    );
    await socket.next((m) => m.type === 'init');
    const products = [...(await productsByName(first.app)).values()].slice(0, 5);
    const sent: [number, number][] = [];
    for (let stock = 300; stock < 306; stock++) {
      for (const product of products) {
        first.app.events.publish('product-updated', { ...product, stock });
        sent.push([product.id, stock]);
      }
    }
    await socket.next(
      (m) => m.type === 'product-updated' && m.data.id === products[4].id && m.data.stock === 305,
      2000,
    );
    const got = socket.received
      .filter((m) => m.type === 'product-updated' && m.data.stock >= 300)
      .map((m) => [m.data.id, m.data.stock]);
    expect(got).toEqual(sent);
    socket.socket.close();
  });

  it('carries a chat message from one instance to the inbox socket on the other', async () => {
    await ensureDealer(first.db.kysely, DEALER.username, DEALER.password);
    const login = await secondApp.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEALER,
    });
    const cookie = `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
    const dealer = await connect(
      `ws://127.0.0.1:${(secondApp.server.address() as { port: number }).port}/ws`,
      cookie,
    );
    const shopper = await connect(
      `ws://127.0.0.1:${(first.app.server.address() as { port: number }).port}/ws`,
    );
    await dealer.next((m) => m.type === 'init');
    const { sessionId } = (await shopper.next((m) => m.type === 'init')).data;
    shopper.send({ type: 'chat-message', data: { sessionId, message: 'across instances' } });
    const got = await dealer.next((m) => m.type === 'new-chat-message', 1000);
    expect(got.data).toMatchObject({ sessionId, message: 'across instances' });
    dealer.send({ type: 'support-response', data: { sessionId, message: 'got it' } });
    expect((await shopper.next((m) => m.type === 'support-response', 1000)).data.message).toBe(
      'got it',
    );

    // 14.4 a reply at the chat cap can encode to more than one NOTIFY holds (7,000 bytes)
    const large = '\u0001'.repeat(CHAT_MESSAGE_MAX_LENGTH);
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(7000);
    dealer.send({ type: 'support-response', data: { sessionId, message: large } });
    const delivered = await shopper.next(
      (m) => m.type === 'support-response' && m.data.message !== 'got it',
      3000,
    );
    expect(delivered.data).toMatchObject({ sessionId, message: large });
    dealer.socket.close();
    shopper.socket.close();
  });

  it('hears nothing from an instance working in another schema of the same database', async () => {
    const neighbour = await createTestApp('postgres');
    const neighbourTwin = await buildApp({
      config: neighbour.config,
      db: neighbour.db,
      logger: false,
    });
    const namesHeard = (app: typeof secondApp) => {
      const names: string[] = [];
      app.events.subscribe((e) => names.push((e.data as { name?: string }).name ?? e.type));
      return names;
    };
    const heardNextDoor = namesHeard(neighbourTwin);
    const heardHere = namesHeard(secondApp);
    try {
      const [product] = (await productsByName(neighbour.app)).values();
      neighbour.app.events.publish('product-updated', { ...product, name: 'Next door' });
      // NOTIFYs reach listeners in commit order: once the neighbour's twin has it, it was sent
      await expect.poll(() => heardNextDoor).toContain('Next door');
      const [own] = (await productsByName(first.app)).values();
      first.app.events.publish('product-updated', { ...own, name: 'Marker' });
      await expect.poll(() => heardHere).toContain('Marker');
      expect(heardHere).not.toContain('Next door');
    } finally {
      await neighbourTwin.close();
      await neighbour.dispose();
    }
  });

  it('14.4 carries any event too large for one NOTIFY, in publish order, and logs it', async () => {
    const socket = await connect(
      `ws://127.0.0.1:${(secondApp.server.address() as { port: number }).port}/ws`,
    );
    const { sessionId } = (await socket.next((m) => m.type === 'init')).data;
    const big = 'é'.repeat(5000);
    first.app.events.publish(
      'support-response',
      { message: big, timestamp: new Date().toISOString(), sessionId },
      { chatSessionId: sessionId },
    );
    first.app.events.publish(
      'support-response',
      { message: 'small, after', timestamp: new Date().toISOString(), sessionId },
      { chatSessionId: sessionId },
    );
    await socket.next((m) => m.type === 'support-response' && m.data.message === 'small, after');
    const replies = socket.received.filter((m) => m.type === 'support-response');
    expect(replies.map((m) => m.data.message.length)).toEqual([big.length, 'small, after'.length]);
    expect(replies[0].data.message).toBe(big);
    const stored = await first.db.kysely.selectFrom('bus_payloads').select('id').execute();
    expect(stored.length).toBeGreaterThan(0);
    socket.socket.close();
  });
});
