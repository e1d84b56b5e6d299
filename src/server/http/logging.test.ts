import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../test/harness';
import { captureLogs } from '../../../test/log-capture';
import { cartLine, orderBody, productsByName } from '../../../test/orders-fixtures';
import { openSocket } from '../../../test/socket';
import type { Product } from '../../shared/schemas/products';
import { buildApp } from '../app';
import { ensureDealer } from '../modules/auth/service';

/** A value that cannot appear in a log line by chance. */
const unique = (label: string) => `${label}${randomBytes(6).toString('hex')}`;
/** Random digits: one taken from the clock would match the log lines' own "time" field. */
const uniquePhone = (prefix: string) => `${prefix}${randomInt(1_000_000, 10_000_000)}`;

describe.each(BACKENDS)('18.7 private logs on %s', (dialect) => {
  const logs = captureLogs();
  let t: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestDb(dialect, { env: { LOG_LEVEL: 'trace' } });
    app = await buildApp({ config: t.config, db: t.db, logStream: logs.stream });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('18.7 an order, a chat, a contact message and logins leave no personal value in the logs', async () => {
    const secrets = {
      customer: unique('Customer'),
      phone: uniquePhone('555'),
      email: `${unique('mail')}@example.com`,
      address: `${unique('Street')} 12`,
      notes: unique('GateCode'),
      chatText: unique('ChatText'),
      chatName: unique('ChatName'),
      chatPhone: uniquePhone('444'),
      chatEmail: `${unique('chat')}@example.com`,
      contactText: unique('ContactText'),
      password: unique('Password-'),
      wrongPassword: unique('WrongPassword-'),
      bearer: unique('Bearer'),
      cookieValue: unique('CookieValue'),
    };
    const products = await productsByName(app);
    const all = [...products.values()];
    const papers = products.get('Rolling Papers') as Product;

    const placed = await fetch(`${baseUrl}/api/orders/simple`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `tracking=${secrets.cookieValue}`,
        authorization: `Bearer ${secrets.bearer}`,
      },
      body: JSON.stringify(
        orderBody([cartLine(papers, '1')], all, {
          customer: secrets.customer,
          phone: secrets.phone,
          email: secrets.email,
          address: secrets.address,
          deliveryNotes: secrets.notes,
        }),
      ),
    });
    expect(placed.status).toBe(201);
    const shopperCookie = placed.headers.getSetCookie().join(';');
    const shopperId = /canopy_shopper=([^;]+)/.exec(shopperCookie)?.[1] ?? '';
    expect(shopperId).not.toBe('');

    // a refused order carries the same details: refusals must not log them either
    const refused = await fetch(`${baseUrl}/api/orders/simple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer: secrets.customer, phone: secrets.phone, items: [] }),
    });
    expect(refused.status).toBe(400);

    const contact = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: secrets.customer,
        email: secrets.email,
        phone: secrets.phone,
        message: secrets.contactText,
      }),
    });
    expect(contact.status).toBe(201);

    await ensureDealer(t.db.kysely, 'log-dealer', secrets.password);
    const login = (password: string) =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'log-dealer', password }),
      });
    expect((await login(secrets.wrongPassword)).status).toBe(401);
    const good = await login(secrets.password);
    expect(good.status).toBe(200);
    const dealerToken = /canopy_dealer=([^;]+)/.exec(good.headers.getSetCookie().join(';'))?.[1];
    expect(dealerToken).toBeTruthy();
    const inbox = await fetch(`${baseUrl}/api/orders`, {
      headers: { cookie: `canopy_dealer=${dealerToken}` },
    });
    expect(inbox.status).toBe(200);

    const socket = await openSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
      cookie: `canopy_shopper=${shopperId}`,
    });
    // the server issues the chat session, bound to this shopper's cookie
    const init = await socket.next((m) => m.type === 'init');
    const sessionId = (init.data as { sessionId: string }).sessionId;
    socket.send({
      type: 'chat-message',
      data: {
        sessionId,
        message: secrets.chatText,
        name: secrets.chatName,
        email: secrets.chatEmail,
        phone: secrets.chatPhone,
      },
    });
    await socket.next((m) => m.type === 'message-received');
    socket.socket.close();
    await socket.closed;
    // a dealer reply that is not text is logged as an error: its content must not be
    const dealer = await openSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
      cookie: `canopy_dealer=${dealerToken}`,
    });
    await dealer.next((m) => m.type === 'init');
    dealer.send({
      type: 'support-response',
      data: { sessionId, message: { text: secrets.chatText, phone: secrets.chatPhone } },
    });
    await logs.waitFor('support message refused');
    dealer.socket.close();
    await dealer.closed;

    await fetch(`${baseUrl}/api/categories?marker=end-of-private-logs`);
    await logs.waitFor('end-of-private-logs');

    const text = logs.text();
    // the log is not empty: requests were logged, only without the personal parts
    expect(text).toContain('/api/orders/simple');
    expect(text).toContain('/api/auth/login');
    const leaked = Object.entries({ ...secrets, shopperId, dealerToken }).filter(
      ([, value]) => value && text.includes(value),
    );
    expect(leaked).toEqual([]);
  });

  it('status tokens and names in URLs are redacted in request lines', async () => {
    const token = unique('Token');
    const name = unique('Shopper');
    const urls = [
      `/o/${token}`,
      `/api/order-status/${token}`,
      `/api/orders/1/receipt?token=${token}`,
      `/thank-you?order=1&name=${name}%20Smith&type=delivery`,
    ];
    for (const url of urls) await fetch(`${baseUrl}${url}`);
    await fetch(`${baseUrl}/api/categories?marker=end-of-url-secrets`);
    await logs.waitFor('end-of-url-secrets');
    const requestUrls = logs.lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((line) => (line.req ? [line.req.url] : []));
    expect(requestUrls).toEqual(
      expect.arrayContaining([
        '/o/[redacted]',
        '/api/order-status/[redacted]',
        '/api/orders/1/receipt?token=[redacted]',
        '/thank-you?order=1&name=[redacted]&type=delivery',
      ]),
    );
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).not.toContain(name);
  });
});
