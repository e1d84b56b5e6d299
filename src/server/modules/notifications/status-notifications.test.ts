import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import {
  type ReceivedMail,
  type ReceivedSms,
  startFakeSmsApi,
  startFakeSmtpServer,
} from '../../../../test/fake-messaging';
import { BACKENDS, createTestDb } from '../../../../test/harness';
import { captureLogs } from '../../../../test/log-capture';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { staffClient } from '../../../../test/staff';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { buildApp } from '../../app';

const SHOP = 'Canopy Demo Dispensary';
const PHONE = '(415) 555-0123';
const E164 = '+14155550123';

/** An app on a fresh database, its log lines captured. */
async function appWithLogs(dialect: (typeof BACKENDS)[number], env: Record<string, string>) {
  const logs = captureLogs();
  const db = await createTestDb(dialect, { seed: true, env: { LOG_LEVEL: 'info', ...env } });
  const app = await buildApp({ config: db.config, db: db.db, logStream: logs.stream });
  await app.ready();
  return { logs, db, app };
}

async function placeOrder(
  app: FastifyInstance,
  details: { orderType: 'delivery' | 'pickup'; email: string | null },
): Promise<Order> {
  const products = await productsByName(app);
  const dream = products.get('Blue Dream') as Product;
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders/simple',
    payload: orderBody([cartLine(dream, '1/4 Oz')], [...products.values()], {
      customer: 'Jamie Rivera',
      phone: PHONE,
      ...details,
    }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<Order>();
}

const about = (order: Order) => (m: ReceivedSms | ReceivedMail) =>
  ('Body' in m ? m.Body : m.text).includes(`order #${order.id} `);

describe.each(BACKENDS)('order status notifications on %s', (dialect) => {
  let sms: Awaited<ReturnType<typeof startFakeSmsApi>>;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let alex: Awaited<ReturnType<typeof staffClient>>;
  const testApp = () => ({ ...t.db, app: t.app });

  beforeAll(async () => {
    sms = await startFakeSmsApi();
    smtp = await startFakeSmtpServer({ username: 'shop', password: 'mail-pass' });
    t = await appWithLogs(dialect, {
      SMS_ACCOUNT_SID: 'AC0123456789',
      SMS_AUTH_TOKEN: 'sms-auth-token',
      SMS_FROM: '+15550001111',
      SMS_API_BASE: sms.base,
      SMTP_URL: `smtp://shop:mail-pass@127.0.0.1:${smtp.port}?tls=off`,
      SMTP_FROM: 'Canopy <orders@shop.example>',
      PUBLIC_URL: 'https://shop.example',
    });
    owner = await dealerClient(testApp());
    alex = await staffClient(testApp(), owner, 'driver', 'alex');
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.dispose();
    await Promise.all([sms.close(), smtp.close()]);
  });

  it('texts and emails the shopper when the driver sets out, with the driver and the status link', async () => {
    const order = await placeOrder(t.app, { orderType: 'delivery', email: 'jamie@example.com' });
    const assigned = await owner.send('PATCH', `/api/orders/${order.id}/driver`, {
      driverId: alex.id,
    });
    expect(assigned.statusCode).toBe(200);
    // accepted by the shop earlier (not this test's news): only accepted stops can start
    await t.db.db.kysely
      .updateTable('orders')
      .set({ status: 'accepted' })
      .where('id', '=', order.id)
      .execute();
    const out = await alex.send('PATCH', `/api/deliveries/${order.id}`, { status: 'on the way' });
    expect(out.statusCode).toBe(200);

    const text = `${SHOP}: your order #${order.id} is now out for delivery. Alex is bringing it. Have your ID ready. Status: https://shop.example/o/${order.statusToken}`;
    const [texted, emailed] = await Promise.all([
      sms.waitFor(about(order)),
      smtp.waitFor(about(order)),
    ]);
    const basic = Buffer.from('AC0123456789:sms-auth-token').toString('base64');
    expect(texted).toEqual({
      path: '/2010-04-01/Accounts/AC0123456789/Messages.json',
      authorization: `Basic ${basic}`,
      To: E164,
      From: '+15550001111',
      Body: text,
    });
    expect(emailed).toEqual({
      username: 'shop',
      from: 'orders@shop.example',
      to: ['jamie@example.com'],
      subject: `${SHOP} order #${order.id}: Out for delivery`,
      text,
    });
    // placing the order and giving it to a driver were not status news
    expect(sms.received.filter(about(order))).toHaveLength(1);
    expect(smtp.received.filter(about(order))).toHaveLength(1);

    const back = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'returned',
      returnReason: 'nobody-home',
    });
    expect(back.statusCode).toBe(200);
    const returned = await sms.waitFor((m) => about(order)(m) && m.Body.includes('returned'));
    expect(returned.Body).toBe(
      `${SHOP}: your order #${order.id} is now returned. Reason: Nobody home. Status: https://shop.example/o/${order.statusToken}`,
    );
    for (const message of [
      ...sms.received.map((m) => m.Body),
      ...smtp.received.map((m) => m.text),
    ]) {
      expect(message).not.toContain('12 Elm Street');
      expect(message).not.toContain('Blue Dream');
    }
  });

  it('sends one message per change, in the status page’s words, and no email without an address', async () => {
    const pickup = await placeOrder(t.app, { orderType: 'pickup', email: null });
    const setStatus = async (order: Order, status: string) => {
      const answer = await owner.send('PATCH', `/api/orders/${order.id}/status`, { status });
      expect(answer.statusCode).toBe(200);
    };
    await setStatus(pickup, 'accepted');
    await sms.waitFor((m) => about(pickup)(m) && m.Body.includes('is now accepted'));
    await setStatus(pickup, 'accepted'); // the same status again is no change
    await setStatus(pickup, 'pending'); // back to placed is not news to the shopper
    await setStatus(pickup, 'ready');
    await setStatus(pickup, 'completed');
    await sms.waitFor((m) => about(pickup)(m) && m.Body.includes('is now picked up'));
    // a later order's cancellation, texted and emailed, is the marker for everything before it
    const later = await placeOrder(t.app, { orderType: 'delivery', email: 'jamie@example.com' });
    await setStatus(later, 'cancelled');
    await Promise.all([sms.waitFor(about(later)), smtp.waitFor(about(later))]);

    expect(sms.received.filter(about(pickup)).map((m) => m.Body.split(' Status:')[0])).toEqual([
      `${SHOP}: your order #${pickup.id} is now accepted.`,
      `${SHOP}: your order #${pickup.id} is now ready for pickup.`,
      `${SHOP}: your order #${pickup.id} is now picked up.`,
    ]);
    expect(smtp.received.filter(about(pickup))).toEqual([]);
    expect(smtp.received.filter(about(later)).map((m) => m.subject)).toEqual([
      `${SHOP} order #${later.id}: Cancelled`,
    ]);
  });

  it('a failing sender neither fails nor undoes the change, and its log line names no contact', async () => {
    const order = await placeOrder(t.app, { orderType: 'delivery', email: 'refused@example.com' });
    sms.failNext(1);
    smtp.refuseNext(1);
    const failedLines = () =>
      t.logs.lines.filter((l) => l.includes('order status notification failed')).length;
    const before = failedLines();
    const accepted = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Order>().status).toBe('accepted');
    await Promise.all([
      sms.waitFor(about(order)),
      smtp.waitForRefusal((a) => a === 'refused@example.com'),
    ]);
    await t.logs.waitFor(
      `"orderId":${order.id},"status":"accepted","msg":"order status notification failed"`,
    );
    const orders = (await owner.send('GET', '/api/orders')).json<Order[]>();
    expect(orders.find((o) => o.id === order.id)?.status).toBe('accepted');

    // both senders still work for the next change
    const packed = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'packed',
    });
    expect(packed.statusCode).toBe(200);
    await Promise.all([
      sms.waitFor((m) => about(order)(m) && m.Body.includes('is now packed')),
      smtp.waitFor((m) => about(order)(m) && m.text.includes('is now packed')),
    ]);
    const failures = t.logs.lines.filter((l) => l.includes('order status notification failed'));
    expect(failures.length - before).toBe(2);
    expect(failures.join('')).toContain('SMS API answered 500, error 20500');
    expect(failures.join('')).toContain('SMTP sending failed (EENVELOPE 550)');
    for (const line of t.logs.lines) {
      expect(line).not.toContain('555-0123');
      expect(line).not.toContain('5550123');
      expect(line).not.toContain('refused@example.com');
    }
  });
});

describe.each(BACKENDS)('no sender configured on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    t = await appWithLogs(dialect, { PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.dispose();
  });

  it('changes every status as before, sending nothing and logging nothing about it', async () => {
    const owner = await dealerClient({ ...t.db, app: t.app });
    const order = await placeOrder(t.app, { orderType: 'delivery', email: 'jamie@example.com' });
    for (const status of ['accepted', 'packed', 'on the way', 'completed']) {
      const answer = await owner.send('PATCH', `/api/orders/${order.id}/status`, { status });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<Order>().status).toBe(status);
    }
    expect(t.logs.text()).not.toContain('notification');
  });
});
