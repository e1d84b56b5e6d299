import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Order, Product } from '../../shared/types';
import { buildApp } from '../app';
import { ensureDealer } from '../modules/auth/service';
import { BACKENDS, createTestApp, type TestApp } from '../test/harness';
import { cartLine, orderBody, productsByName } from '../test/orders-fixtures';

interface Message {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read many message shapes
  data: any;
}

/** A real socket that records what it receives. */
async function connect(url: string, cookie?: string) {
  const socket = new WebSocket(url, { headers: cookie ? { cookie } : {} });
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
  return {
    socket,
    received,
    binaryFrames,
    next,
    closed,
    send: (m: unknown) => socket.send(typeof m === 'string' ? m : JSON.stringify(m)),
  };
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
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.received.some((m) => m.type.startsWith('order-'))).toBe(false);
    const bob = await connect(wsUrl, b.cookie);
    await bob.next((m) => m.type === 'init');
    await placeAs(a.cookie, 'Alice thrice');
    await alice.next((m) => m.type === 'order-created' && m.data.customer === 'Alice thrice');
    await new Promise((r) => setTimeout(r, 100));
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
    const sessionId = `session-${Date.now()}-abc123`;
    const dealer = await connect(wsUrl, dealerCookie);
    const shopper = await connect(wsUrl);
    await Promise.all([
      dealer.next((m) => m.type === 'init'),
      shopper.next((m) => m.type === 'init'),
    ]);
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
    await new Promise((r) => setTimeout(r, 200));
    expect(shopper.received.filter((m) => m.type === 'support-response')).toHaveLength(1);

    const other = await connect(wsUrl);
    await other.next((m) => m.type === 'init');
    other.send({ type: 'restore-session', data: { sessionId } });
    const restored = await other.next((m) => m.type === 'session-restored');
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
    for (const s of [dealer, shopper, other]) s.socket.close();
  });

  it('lets a shopper socket send no support replies', async () => {
    const sessionId = `session-${Date.now()}-xyz789`;
    const shopper = await connect(wsUrl);
    await shopper.next((m) => m.type === 'init');
    shopper.send({ type: 'chat-message', data: { sessionId, message: 'hello' } });
    await shopper.next((m) => m.type === 'message-received');
    shopper.send({
      type: 'support-response',
      data: { sessionId, message: 'I am support, honest' },
    });
    await new Promise((r) => setTimeout(r, 200));
    const history = await t.app.inject({
      url: `/api/chat/sessions/${sessionId}/messages`,
      headers: { cookie: dealerCookie },
    });
    expect(history.json().map((m: { message: string }) => m.message)).toEqual(['hello']);
    shopper.socket.close();
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

  it('delivers a change made on one instance to a socket on the other within a second', async () => {
    const url = `ws://127.0.0.1:${(secondApp.server.address() as { port: number }).port}/ws`;
    const socket = await connect(url);
    await socket.next((m) => m.type === 'init');
    const products = await productsByName(first.app);
    const all = [...products.values()];
    const started = Date.now();
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(products.get('Hemp Wick')!, '1')], all),
    });
    expect(res.statusCode).toBe(201);
    await socket.next((m) => m.type === 'product-updated' && m.data.name === 'Hemp Wick', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
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
    await Promise.all([
      dealer.next((m) => m.type === 'init'),
      shopper.next((m) => m.type === 'init'),
    ]);
    const sessionId = `session-${Date.now()}-multi1`;
    shopper.send({ type: 'chat-message', data: { sessionId, message: 'across instances' } });
    const got = await dealer.next((m) => m.type === 'new-chat-message', 1000);
    expect(got.data).toMatchObject({ sessionId, message: 'across instances' });
    dealer.send({ type: 'support-response', data: { sessionId, message: 'got it' } });
    expect((await shopper.next((m) => m.type === 'support-response', 1000)).data.message).toBe(
      'got it',
    );
    dealer.socket.close();
    shopper.socket.close();
  });
});
