import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { openSocket } from '../../../../test/socket';
import { cookieOf, logIn, STAFF_PASSWORD, sender, staffClient } from '../../../../test/staff';
import { LAST_OWNER_MESSAGE, STAFF_ROLES, type StaffRole } from '../../../shared/staff';

/**
 * What each role other than the owner may call, written out by hand (the owner may call
 * everything): the matrix below holds the guard to it, route by route.
 */
const ALLOWED: Record<Exclude<StaffRole, 'owner'>, string[]> = {
  dispatcher: [
    'GET /api/orders',
    'GET /api/orders/:id/receipt',
    'PATCH /api/orders/:id/status',
    'PATCH /api/orders/:id/driver',
    'GET /api/drivers',
    'PATCH /api/orders/:id/delivery',
    'DELETE /api/orders/:id',
    // the ID check at the pickup counter, and returns after handover
    'POST /api/orders/:id/id-check',
    'POST /api/orders/:id/returns',
    'POST /api/schedule-slots',
    'DELETE /api/schedule-slots/:id',
    'PATCH /api/dealer-settings',
  ],
  support: [
    'GET /api/orders',
    'GET /api/orders/:id/receipt',
    'GET /api/chat/sessions',
    'GET /api/chat/sessions/:sessionId/messages',
    'POST /api/chat/sessions/:sessionId/read',
    'POST /api/chat/sessions/:sessionId/reply',
    'POST /api/chat/sessions/:sessionId/spam',
    'GET /api/contact-messages',
    'PATCH /api/contact-messages/:id',
  ],
  driver: [
    'GET /api/deliveries',
    'PATCH /api/deliveries/:id',
    'POST /api/deliveries/:id/attempts',
    'POST /api/deliveries/:id/id-check',
    // their own deliveries' receipts; any other order answers 404
    'GET /api/orders/:id/receipt',
  ],
};

/**
 * Routes for staff and for the order's shopper (cookie or status link), checked in the route
 * itself: 401 to a caller with none of these, else 404 for an order that is not theirs.
 */
const STAFF_OR_SHOPPER = ['GET /api/orders/:id/receipt'];

const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  dispatcher: 'Dispatcher',
  driver: 'Driver',
  support: 'Support',
};

describe.each(BACKENDS)('staff accounts and roles on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    owner = await dealerClient(t);
  });
  afterAll(() => t.dispose());

  /** The dispatcher the first test adds; the next one tries her username and her number again. */
  const dana = {
    username: 'dana',
    password: STAFF_PASSWORD,
    role: 'dispatcher',
    firstName: 'Dana',
    employeeNumber: 'D-7',
  };

  it('the owner adds staff, who sign in with their role and what it allows', async () => {
    const added = await owner.send('POST', '/api/staff', dana);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(Number),
      username: 'dana',
      role: 'dispatcher',
      firstName: 'Dana',
      employeeNumber: 'D-7',
      disabled: false,
      createdAt: expect.any(String),
    });
    expect(added.body).not.toContain('password');

    const login = await logIn(t, 'dana');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      authenticated: true,
      username: 'dana',
      role: 'dispatcher',
      firstName: 'Dana',
      permissions: ['orders.read', 'orders.manage', 'schedule'],
    });
    const session = await sender(t, cookieOf(login))('GET', '/api/auth/session');
    expect(session.json()).toMatchObject({ role: 'dispatcher', firstName: 'Dana' });

    const list = (await owner.send('GET', '/api/staff')).json() as { username: string }[];
    expect(list.map((s) => s.username)).toContain('dana');
  });

  it('refuses a bad, taken or incomplete account with the field and a code, adding nothing', async () => {
    const before = (await owner.send('GET', '/api/staff')).json().length;
    const bad = await owner.send('POST', '/api/staff', {
      username: 'x',
      password: 'short',
      role: 'cashier',
      firstName: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().formattedErrors).toEqual([
      'username: must be at least 3 characters',
      'password: must be at least 8 characters',
      'role: must be one of owner, dispatcher, driver, support',
      'firstName: is required',
      'employeeNumber: is required',
    ]);
    const taken = await owner.send('POST', '/api/staff', {
      ...dana,
      firstName: 'Other',
      employeeNumber: 'D-8',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    const sameNumber = await owner.send('POST', '/api/staff', {
      ...dana,
      username: 'devon',
      role: 'driver',
      firstName: 'Devon',
    });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toEqual({
      error: 'Employee number D-7 belongs to dana',
      code: 'EMPLOYEE_NUMBER_TAKEN',
    });
    expect((await owner.send('GET', '/api/staff')).json()).toHaveLength(before);
  });

  it('checks every route for every role and for no session: 401, 403 or served', async () => {
    const clients = {
      owner: owner.send,
      dispatcher: (await staffClient(t, owner, 'dispatcher')).send,
      driver: (await staffClient(t, owner, 'driver')).send,
      support: (await staffClient(t, owner, 'support')).send,
    };
    const anonymous = sender(t, '');
    const body = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(t.app.routeTable.length).toBeGreaterThan(40);
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, '1');
      const method = route.method as 'GET';
      const nobody = await anonymous(method, url, body(method));
      if (route.staffOnly) {
        expect(nobody.statusCode, key).toBe(401);
        expect(nobody.json()).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });
      } else if (STAFF_OR_SHOPPER.includes(key)) {
        expect(nobody.statusCode, key).toBe(401);
        expect(nobody.json().code, key).toBe('UNAUTHORIZED');
      } else {
        expect([401, 403], key).not.toContain(nobody.statusCode);
      }
      // logging out would end the session the next routes use
      if (key === 'POST /api/auth/logout') continue;
      for (const role of STAFF_ROLES) {
        const answer = await clients[role](method, url, body(method));
        const open = !route.staffOnly && !STAFF_OR_SHOPPER.includes(key);
        const allowed = open || role === 'owner' || ALLOWED[role].includes(key);
        if (allowed) {
          expect([401, 403], `${key} as ${role}`).not.toContain(answer.statusCode);
        } else {
          expect(answer.statusCode, `${key} as ${role}`).toBe(403);
          expect(answer.json()).toEqual({
            error: `Your role (${ROLE_NAMES[role]}) does not allow this.`,
            code: 'FORBIDDEN',
          });
        }
      }
    }
  });

  it('lets a dispatcher change the weekly schedule but not the compliance rule set', async () => {
    const dispatcher = await staffClient(t, owner, 'dispatcher');
    const days = await dispatcher.send('PATCH', '/api/dealer-settings', {
      availableDays: ['Monday', 'Friday'],
    });
    expect(days.statusCode).toBe(200);
    const rules = await dispatcher.send('PATCH', '/api/dealer-settings', {
      jurisdiction: 'US-CA',
    });
    expect(rules.statusCode).toBe(403);
    const settings = (await owner.send('GET', '/api/dealer-settings')).json();
    expect(settings.jurisdiction).toBe('none');
    expect(settings.availableDays).toEqual(['Monday', 'Friday']);
  });

  it('a new role, a disabled account or a new password ends every session at once', async () => {
    const driver = await staffClient(t, owner, 'driver', 'casey');
    const second = sender(t, cookieOf(await logIn(t, driver.username)));
    expect((await driver.send('GET', '/api/auth/session')).json().role).toBe('driver');

    const promoted = await owner.send('PATCH', `/api/staff/${driver.id}`, { role: 'dispatcher' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('dispatcher');
    for (const old of [driver.send, second]) {
      expect((await old('GET', '/api/orders')).statusCode).toBe(401);
      expect((await old('GET', '/api/auth/session')).json().authenticated).toBe(false);
    }
    const again = sender(t, cookieOf(await logIn(t, driver.username)));
    expect((await again('GET', '/api/orders')).statusCode).toBe(200);

    const disabled = await owner.send('PATCH', `/api/staff/${driver.id}`, { disabled: true });
    expect(disabled.json().disabled).toBe(true);
    expect((await again('GET', '/api/orders')).statusCode).toBe(401);
    const refused = await logIn(t, driver.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "This account is disabled. Ask the shop's owner.",
      code: 'ACCOUNT_DISABLED',
    });
    // a wrong password to a disabled account says only that it is wrong
    expect((await logIn(t, driver.username, 'not-the-password')).statusCode).toBe(401);

    await owner.send('PATCH', `/api/staff/${driver.id}`, {
      disabled: false,
      password: 'a-brand-new-password',
    });
    expect((await logIn(t, driver.username)).statusCode).toBe(401);
    const fresh = sender(t, cookieOf(await logIn(t, driver.username, 'a-brand-new-password')));
    expect((await fresh('GET', '/api/orders')).statusCode).toBe(200);
    await owner.send('PATCH', `/api/staff/${driver.id}`, { password: STAFF_PASSWORD });
    expect((await fresh('GET', '/api/orders')).statusCode).toBe(401);
  });

  it('keeps one active owner: the last cannot be demoted or disabled', async () => {
    const staff = (await owner.send('GET', '/api/staff')).json() as {
      id: number;
      role: string;
    }[];
    const [onlyOwner] = staff.filter((s) => s.role === 'owner');
    expect(staff.filter((s) => s.role === 'owner')).toHaveLength(1);
    for (const change of [{ role: 'support' }, { disabled: true }]) {
      const refused = await owner.send('PATCH', `/api/staff/${onlyOwner!.id}`, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: LAST_OWNER_MESSAGE, code: 'LAST_OWNER' });
    }
    expect((await owner.send('GET', '/api/staff')).statusCode).toBe(200);
    const unknown = await owner.send('PATCH', '/api/staff/99999', { firstName: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    const empty = await owner.send('PATCH', `/api/staff/${onlyOwner!.id}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('scopes real-time data by role: orders to those who read them, chat to support', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = `${address.replace('http', 'ws')}/ws`;
    const driver = await staffClient(t, owner, 'driver');
    const support = await staffClient(t, owner, 'support');
    const sockets = {
      owner: await openSocket(wsUrl, { cookie: owner.cookie }),
      driver: await openSocket(wsUrl, { cookie: driver.cookie }),
      support: await openSocket(wsUrl, { cookie: support.cookie }),
    };
    const inits = await Promise.all(
      Object.values(sockets).map((s) => s.next((m) => m.type === 'init')),
    );
    for (const init of inits) expect(init.type).toBe('init');

    const shopper = await openSocket(wsUrl);
    await shopper.next((m) => m.type === 'init');
    shopper.send({ type: 'chat-message', data: { message: 'Is the Blue Dream in stock?' } });
    const isChat = (m: { type: string }) => m.type === 'new-chat-message';
    await sockets.support.next(isChat);
    await sockets.owner.next(isChat);

    // the contact form is support's too; then a marker every socket hears proves the absence
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', phone: '555-0100', message: 'Hi' },
    });
    expect(contact.statusCode).toBe(201);
    await sockets.support.next((m) => m.type === 'new-customer-contact');
    const marker = await owner.send('PATCH', '/api/dealer-settings', {
      availableDays: ['Tuesday'],
    });
    expect(marker.statusCode).toBe(200);
    await sockets.driver.next((m) => m.type === 'dealer-settings-updated');
    expect(sockets.driver.received.filter(isChat)).toEqual([]);
    expect(sockets.driver.received.some((m) => m.type === 'new-customer-contact')).toBe(false);
    for (const s of [...Object.values(sockets), shopper]) s.socket.close();
  });
});
