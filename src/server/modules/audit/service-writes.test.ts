import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutAuditLog } from '../../../../test/audit-log';
import { dealerClient, FLOWER_BODY } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { openSocket } from '../../../../test/socket';
import { staffClient } from '../../../../test/staff';
import type { AuditEntry } from '../../../shared/audit';
import type { Order } from '../../../shared/schemas/orders';
import { ensureDealer } from '../auth/service';
import { newChatSessionId, recordShopperMessage } from '../chat/service';

const OWNER = { staffUsername: 'back-office', staffRole: 'owner', address: '127.0.0.1' };

const productBody = { ...FLOWER_BODY, name: 'Audit Kush', description: 'A flower for the audit.' };

/** The answer's body after checking its status. */
function answer<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

describe.each(BACKENDS)('services audit their own writes on %s', (dialect) => {
  let t: TestApp;
  let wsUrl: string;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  const entries = async (entity: string) =>
    answer<AuditEntry[]>(await owner.send('GET', `/api/audit?entity=${entity}`));
  /** The newest entry about this table: the owner's, from the test's address. */
  const newest = async (entity: string) => {
    const [entry] = await entries(entity);
    expect(entry).toMatchObject({ ...OWNER, entity });
    return entry!;
  };
  const chatSession = async (shopperId: string) => {
    const sessionId = newChatSessionId();
    await recordShopperMessage(t.db.kysely, { sessionId, shopperId, message: 'Hello?' });
    return sessionId;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/ws`;
    owner = await dealerClient(t);
  });
  afterAll(() => t.dispose());

  it('products: created, changed, featured, unfeatured and deleted, each column from -> to', async () => {
    const product = answer<{ id: number }>(
      await owner.send('POST', '/api/products', productBody),
      201,
    );
    const id = String(product.id);
    const created = await newest('products');
    expect(created).toMatchObject({ action: 'created', entityId: id });
    expect(created.changes.name).toEqual({ from: null, to: 'Audit Kush' });
    expect(created.changes.price_cents).toEqual({ from: null, to: 4000 });

    answer(await owner.send('PATCH', `/api/products/${id}`, { stock: 12 }));
    const changed = await newest('products');
    expect(changed).toMatchObject({ action: 'changed', entityId: id });
    expect(changed.changes).toEqual({ stock: { from: 56, to: 12 } });

    answer(await owner.send('PATCH', `/api/products/${id}/featured`, { featured: true }));
    expect(await newest('products')).toMatchObject({
      action: 'featured',
      entityId: id,
      changes: { featured: { from: 0, to: 1 } },
    });
    answer(await owner.send('PATCH', `/api/products/${id}/featured`, { featured: false }));
    expect(await newest('products')).toMatchObject({
      action: 'unfeatured',
      changes: { featured: { from: 1, to: 0 } },
    });

    answer(await owner.send('DELETE', `/api/products/${id}`), 204);
    const deleted = await newest('products');
    expect(deleted).toMatchObject({ action: 'deleted', entityId: id });
    expect(deleted.changes.name).toEqual({ from: 'Audit Kush', to: null });
  });

  it('a catalog import: one entry per product it adds or changes, none for a preview', async () => {
    const [first] = [...(await productsByName(t.app)).values()].sort((a, b) => a.id - b.id);
    const csv = [
      'id,name,category,price,stock',
      `${first!.id},"${first!.name}",${first!.category},${first!.price},${first!.stock + 5}`,
      ',Imported Haze,flower,25,10',
    ].join('\r\n');
    const importCsv = (apply: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/import?apply=${apply}`,
        payload: csv,
        headers: { cookie: owner.cookie, 'content-type': 'text/csv' },
      });
    const before = (await entries('products')).length;
    answer(await importCsv(false));
    expect(await entries('products')).toHaveLength(before);

    const result = answer<{ rows: { id: number }[] }>(await importCsv(true));
    const [added, changed] = await entries('products');
    expect(added).toMatchObject({ ...OWNER, action: 'imported' });
    expect(added!.entityId).toBe(String(result.rows[1]!.id));
    expect(added!.changes.name).toEqual({ from: null, to: 'Imported Haze' });
    expect(changed).toMatchObject({ ...OWNER, action: 'changed by import' });
    expect(changed!.entityId).toBe(String(first!.id));
    expect(changed!.changes).toEqual({ stock: { from: first!.stock, to: first!.stock + 5 } });
  });

  it('categories: created, changed, reordered (each category moved) and deleted', async () => {
    const create = async (name: string, parentId: number | null = null) =>
      answer<{ id: number; sortOrder: number }>(
        await owner.send('POST', '/api/categories', { name, parentId }),
        201,
      );
    const edibles = await create('Audit Edibles');
    expect(await newest('categories')).toMatchObject({
      action: 'created',
      entityId: String(edibles.id),
      changes: { slug: { from: null, to: 'audit-edibles' } },
    });
    answer(await owner.send('PATCH', `/api/categories/${edibles.id}`, { description: 'Sweet' }));
    const changed = await newest('categories');
    expect(changed).toMatchObject({ action: 'changed', entityId: String(edibles.id) });
    expect(changed.changes).toEqual({ description: { from: null, to: 'Sweet' } });

    const gummies = await create('Audit Gummies', edibles.id);
    const chocolates = await create('Audit Chocolates', edibles.id);
    const updates = [
      { id: gummies.id, sortOrder: 2 },
      { id: chocolates.id, sortOrder: 1 },
    ];
    answer(await owner.send('PUT', '/api/categories/reorder', { updates }));
    const [second, first] = await entries('categories');
    expect(first).toMatchObject({ ...OWNER, action: 'reordered', entityId: String(gummies.id) });
    expect(first!.changes).toEqual({ sort_order: { from: 1, to: 2 } });
    expect(second).toMatchObject({ action: 'reordered', entityId: String(chocolates.id) });
    expect(second!.changes).toEqual({ sort_order: { from: 2, to: 1 } });

    answer(await owner.send('DELETE', `/api/categories/${chocolates.id}`), 204);
    const deleted = await newest('categories');
    expect(deleted).toMatchObject({ action: 'deleted', entityId: String(chocolates.id) });
    expect(deleted.changes.name).toEqual({ from: 'Audit Chocolates', to: null });
  });

  it('promotions: created, changed (the categories it is limited to included) and deleted', async () => {
    const promotion = answer<{ id: number }>(
      await owner.send('POST', '/api/promotions', {
        title: 'Audit deal',
        description: 'For the audit',
        applicableCategories: ['flower'],
      }),
      201,
    );
    const id = String(promotion.id);
    const created = await newest('promotions');
    expect(created).toMatchObject({ action: 'created', entityId: id });
    expect(created.changes.title).toEqual({ from: null, to: 'Audit deal' });
    expect(created.changes.categories).toEqual({ from: null, to: ['flower'] });

    const limitedTo = { applicableCategories: ['concentrates'] };
    answer(await owner.send('PATCH', `/api/promotions/${id}`, limitedTo));
    const changed = await newest('promotions');
    expect(changed).toMatchObject({ action: 'changed', entityId: id });
    expect(changed.changes).toEqual({ categories: { from: ['flower'], to: ['concentrates'] } });

    answer(await owner.send('DELETE', `/api/promotions/${id}`), 204);
    expect((await newest('promotions')).changes.title).toEqual({ from: 'Audit deal', to: null });
  });

  it('scheduling: a slot created and deleted, the dealer settings changed', async () => {
    const slot = answer<{ id: number }>(
      await owner.send('POST', '/api/schedule-slots', {
        date: '2030-05-06',
        startTime: '9:00 AM',
        endTime: '11:00 AM',
        maxOrders: 3,
      }),
      201,
    );
    const created = await newest('schedule_slots');
    expect(created).toMatchObject({ action: 'created', entityId: String(slot.id) });
    expect(created.changes.date).toEqual({ from: null, to: '2030-05-06' });
    answer(await owner.send('DELETE', `/api/schedule-slots/${slot.id}`), 204);
    const deleted = await newest('schedule_slots');
    expect(deleted).toMatchObject({ action: 'deleted', entityId: String(slot.id) });
    expect(deleted.changes.max_orders).toEqual({ from: 3, to: null });

    const settings = { availableDays: ['Monday'], deliveryHours: '[]', deliveryNotes: 'Ring' };
    const saved = answer<{ id: number }>(
      await owner.send('PATCH', '/api/dealer-settings', settings),
    );
    const knock = { ...settings, deliveryNotes: 'Knock' };
    answer(await owner.send('PATCH', '/api/dealer-settings', knock));
    const changed = await newest('dealer_settings');
    expect(changed).toMatchObject({ action: 'changed', entityId: String(saved.id) });
    expect(changed.changes).toEqual({ delivery_notes: { from: 'Ring', to: 'Knock' } });
  });

  it('a delivery zone changed, the store profile saved', async () => {
    const zone = answer<{ id: number }>(
      await owner.send('POST', '/api/delivery-zones', {
        name: 'Uptown',
        postalCodes: ['94611'],
        fee: 5,
        minimum: 40,
      }),
      201,
    );
    answer(await owner.send('PATCH', `/api/delivery-zones/${zone.id}`, { fee: 7 }));
    const changed = await newest('delivery_zones');
    expect(changed).toMatchObject({ action: 'changed', entityId: String(zone.id) });
    expect(changed.changes).toEqual({ fee_cents: { from: 500, to: 700 } });

    const profile = {
      shopName: 'Green Door',
      pickupAddress: '1 Main St',
      openingHours: '9-5',
      phone: '555-0100',
      licenseNumber: 'C10-0000001',
      deliveryArea: 'Oakland',
      paymentMethods: 'Cash',
    };
    answer(await owner.send('PUT', '/api/store-profile', profile));
    answer(await owner.send('PUT', '/api/store-profile', { ...profile, phone: '555-0199' }));
    const saved = await newest('store_profile');
    expect(saved).toMatchObject({ action: 'changed', entityId: '1' });
    expect(saved.changes).toEqual({ phone: { from: '555-0100', to: '555-0199' } });
  });

  it('support: a contact message marked handled and new again, a chat marked read and replied to', async () => {
    const message = { name: 'Ada', email: 'ada@example.com', phone: '555-0100', message: 'Hi' };
    answer(await t.app.inject({ method: 'POST', url: '/api/contact', payload: message }), 201);
    const [contact] = answer<{ id: number }[]>(await owner.send('GET', '/api/contact-messages'));
    const url = `/api/contact-messages/${contact!.id}`;
    answer(await owner.send('PATCH', url, { handled: true }));
    const handled = await newest('contact_messages');
    expect(handled).toMatchObject({ action: 'marked handled', entityId: String(contact!.id) });
    expect(Object.keys(handled.changes)).toEqual(['handled_at']);
    expect(handled.changes.handled_at!.from).toBeNull();
    answer(await owner.send('PATCH', url, { handled: false }));
    expect(await newest('contact_messages')).toMatchObject({
      action: 'marked new',
      changes: { handled_at: { from: handled.changes.handled_at!.to, to: null } },
    });

    const sessionId = await chatSession('shopper-of-the-rest-chat-00');
    answer(await owner.send('POST', `/api/chat/sessions/${sessionId}/read`));
    expect(await newest('chat_sessions')).toMatchObject({
      action: 'marked read',
      entityId: sessionId,
      changes: { unread_count: { from: 1, to: 0 } },
    });
    const reply = { message: 'On its way' };
    answer(await owner.send('POST', `/api/chat/sessions/${sessionId}/reply`, reply));
    const replied = await newest('chat_sessions');
    expect(replied).toMatchObject({ action: 'replied', entityId: sessionId });
    expect(replied.changes.reply).toEqual({ from: null, to: 'On its way' });
    expect(Object.keys(replied.changes).sort()).toEqual(['last_message_at', 'reply']);
  });

  it('a reply from a support socket is audited like the REST reply: who, where, what', async () => {
    const support = await staffClient(t, owner, 'support', 'sasha');
    const staff = await openSocket(wsUrl, { cookie: support.cookie });
    const shopper = await openSocket(wsUrl);
    await staff.next((m) => m.type === 'init');
    const { sessionId } = (await shopper.next((m) => m.type === 'init')).data as {
      sessionId: string;
    };
    shopper.send({ type: 'chat-message', data: { sessionId, message: 'Any Blue Dream?' } });
    await staff.next((m) => m.type === 'new-chat-message');

    staff.send({ type: 'support-response', data: { sessionId, message: 'Yes, plenty!' } });
    await shopper.next((m) => m.type === 'support-response');
    const [entry] = await entries('chat_sessions');
    expect(entry).toMatchObject({
      staffId: support.id,
      staffUsername: support.username,
      staffRole: 'support',
      action: 'replied',
      entity: 'chat_sessions',
      entityId: sessionId,
      address: '127.0.0.1',
    });
    expect(entry!.changes.reply).toEqual({ from: null, to: 'Yes, plenty!' });
    staff.socket.close();
    shopper.socket.close();
  });

  it('the command line and start-up name themselves as the actor of the owner account', async () => {
    const cli = { staff: null, address: 'cli' };
    const { id } = await ensureDealer(t.db.kysely, 'cli-owner', 'a-long-cli-password', cli);
    await ensureDealer(t.db.kysely, 'cli-owner', 'another-cli-password', cli);
    const [reset, created] = (await entries('users')).filter((e) => e.entityId === String(id));
    expect(created).toMatchObject({ staffId: null, staffUsername: null, address: 'cli' });
    expect(created).toMatchObject({
      action: 'created',
      changes: { role: { from: null, to: 'owner' } },
    });
    expect(reset).toMatchObject({ action: 'password reset', address: 'cli' });
    expect(reset!.changes).toEqual({ password_hash: { from: '(hidden)', to: '(changed)' } });
  });

  it('a failed audit entry fails the change: 500, and the product stays as it was', async () => {
    const [product] = [...(await productsByName(t.app)).values()];
    const price = async () =>
      (
        await t.db.kysely
          .selectFrom('products')
          .select('price_cents')
          .where('id', '=', product!.id)
          .executeTakeFirstOrThrow()
      ).price_cents;
    const before = await price();
    await withoutAuditLog(t, async () => {
      const refused = await owner.send('PATCH', `/api/products/${product!.id}`, {
        price: product!.price + 10,
      });
      expect(refused.statusCode).toBe(500);
    });
    expect(await price()).toBe(before);
    answer(
      await owner.send('PATCH', `/api/products/${product!.id}`, { price: product!.price + 10 }),
    );
    expect(await price()).toBe(before + 1000);
  });

  it('never lets a shopper cookie id, a status token or a password hash into an entry', async () => {
    const products = await productsByName(t.app);
    const items = [cartLine(products.get('Rolling Papers')!, '1')];
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(items, [...products.values()]),
    });
    const order = answer<Order>(placed, 201);
    const shopperId = placed.cookies.find((c) => c.name === 'canopy_shopper')!.value;
    const sessionId = await chatSession(shopperId);
    answer(await owner.send('POST', `/api/chat/sessions/${sessionId}/reply`, { message: 'Hi!' }));
    // its deletion takes every column of the order, the secret ones too
    answer(await owner.send('DELETE', `/api/orders/${order.id}`), 204);

    const hashOf = async (id: number) =>
      (
        await t.db.kysely
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const member = await staffClient(t, owner, 'driver', 'casey');
    const hashes = [await hashOf(member.id)];
    answer(
      await owner.send('PATCH', `/api/staff/${member.id}`, { password: 'a-new-long-password' }),
    );
    hashes.push(await hashOf(member.id));
    const { id } = await ensureDealer(t.db.kysely, 'second-owner', 'first-long-password');
    hashes.push(await hashOf(id));
    await ensureDealer(t.db.kysely, 'second-owner', 'second-long-password');
    hashes.push(await hashOf(id));

    const log = await t.db.kysely.selectFrom('audit_log').selectAll().execute();
    const about = (entity: string, entityId: string | number) =>
      log.filter((e) => e.entity === entity && e.entity_id === String(entityId));
    expect(about('orders', order.id).length).toBeGreaterThan(0);
    expect(about('chat_sessions', sessionId)).toHaveLength(1);
    expect(about('users', member.id)).toHaveLength(2);
    expect(about('users', id)).toHaveLength(2);
    const everything = JSON.stringify(log);
    for (const secret of [shopperId, order.statusToken, ...hashes]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(everything).not.toContain(secret);
    }
  });
});
