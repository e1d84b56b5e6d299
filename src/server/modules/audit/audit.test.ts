import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { logIn, STAFF_PASSWORD, staffClient } from '../../../../test/staff';
import type { AuditEntry } from '../../../shared/audit';
import type { Product } from '../../../shared/schemas/products';

describe.each(BACKENDS)('the audit trail on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  const activity = async (query = '') =>
    (await owner.send('GET', `/api/audit${query}`)).json() as AuditEntry[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    owner = await dealerClient(t);
  });
  afterAll(() => t.dispose());

  it('records a price change: who, what from -> to, when and from where', async () => {
    const [product] = (await t.app.inject('/api/products')).json() as Product[];
    const before = Date.now();
    const changed = await owner.send('PATCH', `/api/products/${product!.id}`, {
      price: product!.price + 3,
    });
    expect(changed.statusCode).toBe(200);

    const [entry] = await activity('?entity=products');
    expect(entry).toMatchObject({
      staffUsername: 'back-office',
      staffRole: 'owner',
      action: 'changed',
      entity: 'products',
      entityId: String(product!.id),
      address: '127.0.0.1',
    });
    expect(entry!.changes.price_cents).toEqual({
      from: product!.price * 100,
      to: (product!.price + 3) * 100,
    });
    expect(Object.keys(entry!.changes)).toEqual(['price_cents']);
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records logins and failed logins with the name tried, and staff changes without secrets', async () => {
    expect((await logIn(t, 'back-office', 'a wrong password')).statusCode).toBe(401);
    const driver = await staffClient(t, owner, 'driver', 'robin');
    await owner.send('PATCH', `/api/staff/${driver.id}`, { role: 'dispatcher' });
    await owner.send('PATCH', `/api/staff/${driver.id}`, { password: 'another-long-password' });

    const sessions = await activity('?entity=session');
    expect(sessions.find((e) => e.action === 'login failed')).toMatchObject({
      staffId: null,
      staffUsername: 'back-office',
      entity: 'session',
    });
    expect(
      sessions.find((e) => e.action === 'login' && e.staffUsername === driver.username),
    ).toMatchObject({ staffRole: 'driver', entityId: String(driver.id) });

    const [reset, promoted, added] = await activity('?entity=users');
    expect(added).toMatchObject({ action: 'created', entityId: String(driver.id) });
    expect(added!.changes.role).toEqual({ from: null, to: 'driver' });
    expect(promoted).toMatchObject({ action: 'changed', staffUsername: 'back-office' });
    expect(promoted!.changes).toEqual({ role: { from: 'driver', to: 'dispatcher' } });
    expect(reset).toMatchObject({ action: 'password reset', entityId: String(driver.id) });
    expect(reset!.changes).toEqual({ password_hash: { from: '(hidden)', to: '(changed)' } });
    expect(JSON.stringify(await activity())).not.toContain(STAFF_PASSWORD);
    expect(JSON.stringify(await activity())).not.toContain('scrypt');
  });

  it('records order status changes and deletions; a refused write records nothing', async () => {
    const count = (await activity()).length;
    const refused = await owner.send('PATCH', '/api/products/1', { price: -5 });
    expect(refused.statusCode).toBe(400);
    expect(await activity()).toHaveLength(count);

    const zone = await owner.send('POST', '/api/delivery-zones', {
      name: 'Downtown',
      postalCodes: '94612',
      fee: 5,
      minimum: 50,
    });
    expect(zone.statusCode).toBe(201);
    const removed = await owner.send('DELETE', `/api/delivery-zones/${zone.json().id}`);
    expect(removed.statusCode).toBe(204);
    const [deletion, creation] = await activity('?entity=delivery_zones');
    expect(creation!.changes.name).toEqual({ from: null, to: 'Downtown' });
    expect(deletion).toMatchObject({ action: 'deleted' });
    expect(deletion!.changes.name).toEqual({ from: 'Downtown', to: null });
  });

  it('filters by time and is append-only: the database refuses to change or remove an entry', async () => {
    expect(await activity('?from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect((await owner.send('GET', '/api/audit?from=yesterday')).statusCode).toBe(400);

    const update = t.db.kysely.updateTable('audit_log').set({ action: 'nothing happened' });
    await expect(update.execute()).rejects.toThrow(/append-only/);
    await expect(t.db.kysely.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect((await activity()).length).toBeGreaterThan(0);

    // and the API offers no way to write it
    const auditRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/audit'));
    expect(auditRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/audit']);
    const dispatcher = await staffClient(t, owner, 'dispatcher');
    expect((await dispatcher.send('GET', '/api/audit')).statusCode).toBe(403);
  });
});
