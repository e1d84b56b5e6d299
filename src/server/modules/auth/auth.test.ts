import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { PERMISSIONS } from '../../../shared/staff';
import { isStaffRoute } from './guard';

const DEALER = { username: 'owner', password: 'correct horse battery' };

/** Reads are closed by default like writes: each public one says why a stranger may make it. */
const PUBLIC_READS: Record<string, string> = {
  'GET /api/auth/session':
    'says whether this browser is signed in; names only its own staff member',
  'GET /api/categories': 'the menu the storefront shows',
  'GET /api/dealer-settings': 'delivery days, hours, fees and order limits the cart shows',
  'GET /api/delivery-zones': 'which postal codes the shop delivers to, shown at checkout',
  'GET /api/order-status/:token': "one order's status, for whoever holds its unguessable link",
  'GET /api/orders/:id/receipt':
    "the shopper's own receipt (their cookie) or staff's; 404 to others",
  'GET /api/orders/mine': "this shopper's own orders, by their cookie",
  'GET /api/products': 'the catalog',
  'GET /api/products/:id': 'a product page',
  'GET /api/products/by-url/:category/:subcategory/:name': 'a product page by its readable path',
  'GET /api/products/by-url/:category/:subcategory/:strain/:name':
    'a product page by its readable path',
  'GET /api/products/newest': 'the NEW! flags',
  'GET /api/products/search': "the catalog's search, what the storefront's search dialog finds",
  'GET /api/promotions': 'active promotions for the banner (inactive ones only to staff)',
  'GET /api/schedule-slots': 'free delivery windows for the scheduled checkout',
  'GET /api/store-profile': "the shop's name, address and licence shown in the footer",
};

let addressCounter = 0;
/** Each login comes from its own address unless told, so the per-address limit stays out of the way. */
async function login(
  t: TestApp,
  body: Record<string, string>,
  remoteAddress = `10.0.0.${++addressCounter}`,
) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress });
}

/** A dealer of its own, so each throttle test starts with a username nobody has guessed at. */
async function freshDealer(t: TestApp, username: string) {
  const { ensureDealer } = await import('./service');
  await ensureDealer(t.db.kysely, username, DEALER.password);
  return { username, password: DEALER.password };
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
    // the account named at start is the shop's owner, who may do everything
    const owner = {
      authenticated: true,
      username: 'owner',
      role: 'owner',
      firstName: 'owner',
      permissions: [...PERMISSIONS],
    };
    expect(res.json()).toEqual(owner);
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toMatch(/Max-Age|Expires/);
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(res) },
    });
    expect(session.json()).toEqual(owner);
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
    expect(wrong.json()).toEqual({
      error: 'Invalid username or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('13.1 evaluates at most 5 wrong passwords of a burst, and not the right one sent with them', async () => {
    const dealer = await freshDealer(t, 'burst');
    const address = '10.13.1.1';
    const wrong = Array.from({ length: 40 }, (_, i) =>
      login(t, { username: dealer.username, password: `wrong-guess-${i}` }, address),
    );
    const right = login(t, dealer, address);
    const answers = await Promise.all([...wrong, right]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(36);
    expect(statuses).not.toContain(200);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({
      error: 'Too many failed logins. Please try again later.',
      code: 'LOGIN_THROTTLED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('13.2 locks out the guessing address, never the dealer logging in from another one', async () => {
    const dealer = await freshDealer(t, 'target');
    const attacker = '10.13.2.1';
    const attempt = () => login(t, { username: dealer.username, password: 'guess' }, attacker);
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const sixth = await attempt();
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, dealer, attacker)).statusCode).toBe(429);
    expect((await login(t, dealer, '10.13.2.99')).statusCode).toBe(200);
  });

  it('13.2 delays addresses that keep failing on one username, yet lets a clean address log in', async () => {
    const dealer = await freshDealer(t, 'sprayed');
    const guess = { username: dealer.username, password: 'guess' };
    // one failure each from many addresses: no single address reaches its hard limit
    for (let i = 0; i < 8; i++)
      expect((await login(t, guess, `10.13.3.${i}`)).statusCode).toBe(401);
    const again = await login(t, guess, '10.13.3.0');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, dealer, '10.13.3.200')).statusCode).toBe(200);
  });

  it('answers the 21st failed login from one address with 429, whatever the usernames', async () => {
    const attempt = (i: number) =>
      login(t, { username: `guess${i}`, password: 'guess-guess' }, '10.9.9.9');
    for (let i = 0; i < 20; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(21)).statusCode).toBe(429);
    expect((await login(t, DEALER, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(t, DEALER)).statusCode).toBe(200);
  });

  it('refuses a username holding a NUL character with 400, on both databases', async () => {
    const res = await login(t, { username: 'deal\u0000er', password: 'wrong-password-x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'username', message: 'must not contain NUL characters' },
    ]);
  });

  it('refuses a username holding half a surrogate pair with 400, not a server error (found by the fuzz test)', async () => {
    const res = await login(t, { username: 'deal\ud800er', password: 'wrong-password-x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'username', message: 'must be text without broken characters' },
    ]);
    // a whole pair is a character like any other: an unknown user, 401
    const emoji = await login(t, { username: 'deal\ud83c\udf3fer', password: 'wrong-password-x' });
    expect(emoji.statusCode).toBe(401);
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
    const dealerRoutes = t.app.routeTable.filter((r) => r.staffOnly);
    expect(dealerRoutes.length).toBeGreaterThan(0);
    for (const route of dealerRoutes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const anonymous = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });
      const dealer = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { cookie },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(dealer.statusCode, `${route.method} ${route.url} with a session`).not.toBe(401);
    }
  });

  it('13.17 refuses ids like 0x10, 1e1 and " 16" with 400 on every :id route', async () => {
    const idRoutes = t.app.routeTable.filter((r) => r.url.includes(':id'));
    expect(idRoutes.length).toBeGreaterThan(5);
    for (const route of idRoutes) {
      for (const id of ['0x10', '1e1', '%2016', '16.0', '016', '-1', '0']) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':id', id),
          headers: { cookie },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${id}`).toBe(400);
        expect(res.json().error).toMatch(/^Invalid [\w ]+ id$/);
      }
    }
  });

  it('leaves open only the shopper writes the spec needs', () => {
    const publicWrites = t.app.routeTable
      .filter((r) => r.method !== 'GET' && !r.staffOnly)
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

  it('leaves open only the reads listed here, each with why a stranger may read it', () => {
    const publicReads = t.app.routeTable
      .filter((r) => r.method === 'GET' && !r.staffOnly)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicReads).toEqual(Object.keys(PUBLIC_READS).sort());
  });

  it('refuses a write whose Origin is another site', async () => {
    const contactFrom = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin, host: 'shop.example' },
        payload: { name: 'a', email: 'a@b.co', phone: '1', message: 'x' },
      });
    const res = await contactFrom('https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused', code: 'CROSS_SITE_REQUEST' });
    expect((await contactFrom('http://shop.example')).statusCode).toBe(201);
  });

  it('13.5 refuses a foreign-Origin write whose path is percent-encoded', async () => {
    const before = (await t.app.inject('/api/dealer-settings')).json();
    for (const url of ['/%61pi/dealer-settings', '/api/dealer%2Dsettings', '/%2561pi/x']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie, origin: 'https://evil.example', host: 'shop.example' },
        payload: { deliveryNotes: 'pwned' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: 'Cross-site request refused',
        code: 'CROSS_SITE_REQUEST',
      });
    }
    expect((await t.app.inject('/api/dealer-settings')).json()).toEqual(before);
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
    expect(isStaffRoute({ url: '/api/products', method: 'POST', config: {} })).toBe(true);
    expect(isStaffRoute({ url: '/api/products', method: 'GET', config: {} })).toBe(false);
    expect(isStaffRoute({ url: '/api/orders', method: 'GET', config: { staffOnly: true } })).toBe(
      true,
    );
    expect(isStaffRoute({ url: '/api/contact', method: 'POST', config: { public: true } })).toBe(
      false,
    );
  });
});
