import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { isDealerRoute } from './guard';

const DEALER = { username: 'owner', password: 'correct horse battery' };

let addressCounter = 0;
/** Each login comes from its own address unless told, so the per-address limit stays out of the way. */
async function login(
  t: TestApp,
  body: Record<string, string>,
  remoteAddress = `10.0.0.${++addressCounter}`,
) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress });
}

function sessionCookie(res: { cookies: { name: string; value: string }[] }) {
  const cookie = res.cookies.find((c) => c.name === 'canopy_dealer');
  return cookie ? `canopy_dealer=${cookie.value}` : '';
}

describe.each(BACKENDS)('dealer accounts and access on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { DEALER_USERNAME: DEALER.username, DEALER_PASSWORD: DEALER.password },
    });
    const { ensureDealer } = await import('./service');
    await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
    cookie = sessionCookie(await login(t, DEALER));
  });
  afterAll(() => t.dispose());

  it('logs in with an httpOnly, SameSite=Lax browser-session cookie', async () => {
    const res = await login(t, DEALER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: true, username: 'owner' });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toMatch(/Max-Age|Expires/);
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(res) },
    });
    expect(session.json()).toEqual({ authenticated: true, username: 'owner' });
  });

  it('does not store the password in clear', async () => {
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(DEALER.password);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const sessions = await t.db.kysely.selectFrom('sessions').select('id').execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(cookie).not.toContain(sessions[0].id);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await login(t, { username: 'owner', password: 'nope-nope' });
    const unknown = await login(t, { username: 'nobody', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers the 6th failed login for one username within 15 minutes with 429 and Retry-After', async () => {
    const attempt = () => login(t, { username: 'victim', password: 'guess-guess' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const sixth = await attempt();
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers the 6th failed login from one address with 429, whatever the usernames', async () => {
    const attempt = (i: number) =>
      login(t, { username: `guess${i}`, password: 'guess-guess' }, '10.9.9.9');
    for (let i = 0; i < 5; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(6)).statusCode).toBe(429);
    expect((await login(t, DEALER, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(t, DEALER)).statusCode).toBe(200);
  });

  it('refuses a logged-out session and an expired one', async () => {
    const own = sessionCookie(await login(t, DEALER));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: own } });
    expect(
      (await t.app.inject({ url: '/api/contact-messages', headers: { cookie: own } })).statusCode,
    ).toBe(401);

    const expiring = sessionCookie(await login(t, DEALER));
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(
      (await t.app.inject({ url: '/api/contact-messages', headers: { cookie: expiring } }))
        .statusCode,
    ).toBe(401);
    cookie = sessionCookie(await login(t, DEALER));
  });

  it('protects every dealer route of the route table: 401 without a session, served with one', async () => {
    const dealerRoutes = t.app.routeTable.filter((r) => r.dealerOnly);
    expect(dealerRoutes.length).toBeGreaterThan(0);
    for (const route of dealerRoutes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const anonymous = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Dealer login required' });
      const dealer = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { cookie },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(dealer.statusCode, `${route.method} ${route.url} with a session`).not.toBe(401);
    }
  });

  it('leaves open only the shopper writes the spec needs', () => {
    const publicWrites = t.app.routeTable
      .filter((r) => r.method !== 'GET' && !r.dealerOnly)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const allowed = [
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/contact',
      'POST /api/orders/simple',
      'POST /api/validate-promo',
    ];
    expect(publicWrites.every((w) => allowed.includes(w))).toBe(true);
  });

  it('refuses a write whose Origin is another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', host: 'shop.example' },
      payload: { name: 'a', email: 'a@b.co', phone: '1', message: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused' });
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://shop.example', host: 'shop.example' },
      payload: { name: 'a', email: 'a@b.co', phone: '1', message: 'x' },
    });
    expect(same.statusCode).toBe(201);
  });

  it('refuses form-encoded and text bodies that a cross-site form could send', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: 'username=owner',
      });
      expect(res.statusCode, type).toBe(415);
    }
  });

  it('classifies routes by method and declared access', () => {
    expect(isDealerRoute({ url: '/api/products', method: 'POST', config: {} })).toBe(true);
    expect(isDealerRoute({ url: '/api/products', method: 'GET', config: {} })).toBe(false);
    expect(isDealerRoute({ url: '/api/orders', method: 'GET', config: { dealerOnly: true } })).toBe(
      true,
    );
    expect(isDealerRoute({ url: '/api/contact', method: 'POST', config: { public: true } })).toBe(
      false,
    );
  });
});
