import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { FAKE_METRC, type FakeMetrc, startFakeMetrc } from '../../../../test/fake-metrc';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { ReportingDay, ReportingOverview } from '../../../shared/metrc';
import { isSoldByWeight } from '../../../shared/quantity';
import { type CartItem, type Order, orderPlacementSchema } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { metrcSettings } from '../../config';
import { placeOrder } from '../orders/checkout';
import { metrcClient } from './client';
import { localSaleTime } from './receipt';
import { drainOnce } from './worker';

const METRICS_TOKEN = 'metrics-token-for-metrc-tests-0123';
const tag = (n: number) => `1A4FF0100000022000${String(n).padStart(6, '0')}`;

/**
 * With Metrc configured, a handover takes the goods from the packages they came
 * under and the sale is reported to Metrc exactly once, through the outbox.
 */
describe.each(BACKENDS)('state track-and-trace on %s', (dialect) => {
  let fake: FakeMetrc;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let products: Product[];
  /** a cannabis product sold by the unit, one sold by weight, and an accessory */
  let wick: Product;
  let flower: Product;
  let accessory: Product;
  let tags = 0;
  const client = () => metrcClient(metrcSettings(t.config)!);
  const drain = (options: Parameters<typeof drainOnce>[2] = {}) =>
    drainOnce(t.db, client(), { random: () => 0.5, ...options });

  beforeAll(async () => {
    fake = await startFakeMetrc();
    t = await createTestApp(dialect, {
      env: { ...fake.env, METRICS_TOKEN, SHOP_TIMEZONE: 'America/Los_Angeles' },
    });
    owner = await dealerClient(t);
    const byName = await productsByName(t.app);
    products = [...byName.values()];
    wick = byName.get('Classic Joint')!;
    flower = byName.get('Blue Dream')!;
    accessory = byName.get('Hemp Wick')!;
  });
  afterAll(async () => {
    await t.dispose();
    await fake.close();
  });
  beforeEach(async () => {
    fake.setOutage(false);
    fake.setPackages({});
    // nothing earlier waits in the outbox, no earlier package is left: each test has its own
    await drain();
    await t.db.kysely.updateTable('metrc_packages').set({ quantity_remaining: 0 }).execute();
  });

  async function receive(product: Product, quantity: number, flavor: string | null = null) {
    const answer = await owner.send('POST', '/api/inventory/packages', {
      productId: product.id,
      flavor,
      tag: tag(++tags),
      itemName: `${product.name} (Metrc item)`,
      quantity,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ tag: string; id: number; quantityRemaining: number }>();
  }

  async function sell(product: Product, count: number, more: CartItem[] = []) {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(
        [cartLine(product, isSoldByWeight(product) ? '1/8 Oz' : '1', count), ...more],
        products,
      ),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const done = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'completed',
    });
    return { order, done };
  }

  async function handedOver(product: Product, count: number, more: CartItem[] = []) {
    const { order, done } = await sell(product, count, more);
    expect(done.statusCode, done.body).toBe(200);
    return order;
  }

  const today = async () =>
    (await owner.send('GET', '/api/state-reporting')).json<ReportingOverview>();
  async function entriesOf(orderId: number) {
    const days = (await today()).days;
    const all: ReportingDay['entries'] = [];
    for (const day of days)
      all.push(
        ...(await owner.send('GET', `/api/state-reporting/days/${day.date}`)).json<ReportingDay>()
          .entries,
      );
    return all.filter((e) => e.orderId === orderId);
  }
  const receiptOf = (orderId: number) =>
    fake.receipts.filter((r) => r.ExternalReceiptNumber === `canopy-order-${orderId}`);

  it('receives a package into the product’s stock and sells from the oldest package first, reported once', async () => {
    const before = (await productsByName(t.app)).get('Classic Joint')!.stock;
    const first = await receive(wick, 2);
    const second = await receive(wick, 10);
    expect((await productsByName(t.app)).get('Classic Joint')!.stock).toBe(before + 12);

    const order = await handedOver(wick, 3);
    expect(await drain()).toMatchObject({ sent: 1, failed: 0 });
    expect(await drain()).toMatchObject({ sent: 0 });

    const [receipt, ...more] = receiptOf(order.id);
    expect(more).toEqual([]);
    expect(receipt!.SalesCustomerType).toBe('Consumer');
    expect(receipt!.Transactions.map((x) => [x.PackageLabel, x.Quantity, x.UnitOfMeasure])).toEqual(
      [
        [first.tag, 2, 'Each'],
        [second.tag, 1, 'Each'],
      ],
    );
    const total = receipt!.Transactions.reduce((sum, x) => sum + x.TotalAmount, 0);
    expect(total).toBeCloseTo(order.total, 2);

    const [entry] = await entriesOf(order.id);
    expect(entry).toMatchObject({ status: 'sent', metrcId: receipt!.Id, kind: 'sale' });
    const packages = (await owner.send('GET', `/api/inventory/packages?productId=${wick.id}`)).json<
      { tag: string; quantityRemaining: number }[]
    >();
    expect(packages.find((p) => p.tag === first.tag)?.quantityRemaining).toBe(0);
    expect(packages.find((p) => p.tag === second.tag)?.quantityRemaining).toBe(9);
    // the catalog CSV names the packages with stock left, oldest first
    const csv = (await owner.send('GET', '/api/products/export.csv')).body;
    const row = csv.split('\n').find((line) => line.includes(',Classic Joint,'))!;
    expect(row).toContain(`${second.tag}: 9`);
    expect(row).not.toContain(first.tag);
  });

  it('reports flower in grams, and leaves accessories out', async () => {
    const pkg = await receive(flower, 100);
    const order = await handedOver(flower, 1, [cartLine(accessory, '1', 2)]);
    expect(await drain()).toMatchObject({ sent: 1 });
    const [receipt] = receiptOf(order.id);
    expect(receipt!.Transactions.map((x) => [x.PackageLabel, x.Quantity, x.UnitOfMeasure])).toEqual(
      [[pkg.tag, 3.5, 'Grams']],
    );
  });

  it('keeps a reported sale a record under rule set none: never moved back, voided or deleted', async () => {
    const pkg = await receive(wick, 5);
    const order = await handedOver(wick, 2);
    for (const status of ['accepted', 'cancelled', 'returned']) {
      const moved = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
        status,
        reason: 'Changed our mind',
      });
      expect(moved.statusCode, `${status}: ${moved.body}`).toBe(409);
      expect(moved.json()).toMatchObject({ code: 'ORDER_IS_A_RECORD' });
    }
    const deleted = await owner.send('DELETE', `/api/orders/${order.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'ORDER_IS_A_RECORD' });
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(receiptOf(order.id)).toHaveLength(1);
    const packages = (await owner.send('GET', `/api/inventory/packages?productId=${wick.id}`)).json<
      { tag: string; quantityRemaining: number }[]
    >();
    expect(packages.find((p) => p.tag === pkg.tag)?.quantityRemaining).toBe(3);
    // what changed hands comes back as a return, which Metrc is told of
    const returned = await owner.send('POST', `/api/orders/${order.id}/returns`, {
      reason: 'Changed our mind',
      items: [{ lineId: order.items[0]!.lineId!, count: 2 }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await drain()).toMatchObject({ sent: 1 });
    expect((await entriesOf(order.id)).map((e) => [e.kind, e.status])).toEqual([
      ['sale', 'sent'],
      ['return', 'sent'],
    ]);
    expect(receiptOf(order.id)[0]!.Transactions).toEqual([]);
  });

  it('refuses a handover its packages cannot cover, and a tag received twice', async () => {
    const lighter = products.find(
      (p) => p.name !== 'Hemp Wick' && p.stock > 0 && p.category !== 'flower',
    )!;
    const { done } = await sell(lighter, 1);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ code: 'NO_METRC_PACKAGE' });
    expect(done.json().error).toContain('Receive its package in Inventory first');

    const pkg = await receive(wick, 1);
    const again = await owner.send('POST', '/api/inventory/packages', {
      productId: wick.id,
      tag: pkg.tag.toLowerCase(),
      itemName: 'Again',
      quantity: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'METRC_PACKAGE_TAKEN' });
    const short = await owner.send('POST', '/api/inventory/packages', {
      productId: wick.id,
      tag: 'ABC',
      itemName: 'Short',
      quantity: 1,
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('must be the 24 letters and digits on the tag');
  });

  it('refuses a cannabis Bulk line at checkout, whose amount Metrc would not be told', async () => {
    await receive(wick, 2);
    const bulk = { ...cartLine(flower, 'Bulk', 1), price: -1 };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(wick, '1', 1), bulk], products),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      error:
        "Blue Dream can't be ordered as Bulk: every sale is reported to the state with its amount. Please choose a weight instead.",
      code: 'NO_METRC_QUANTITY',
      message:
        "Blue Dream can't be ordered as Bulk: every sale is reported to the state with its amount. Please choose a weight instead.",
    });
    // an accessory sold in Bulk is not Metrc's business
    const accessoryBulk = { ...cartLine(accessory, 'Bulk', 1), price: -1 };
    const { done: fine } = await sell(wick, 1, [accessoryBulk]);
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses to hand over a Bulk line of an order taken before the shop reported to Metrc', async () => {
    await receive(flower, 100);
    await receive(wick, 2);
    const bulk = { ...cartLine(flower, 'Bulk', 1), price: -1 };
    // placed as the shop placed orders before METRC_* was set
    const body = orderPlacementSchema.parse(orderBody([cartLine(wick, '1', 1), bulk], products));
    const earlier = await placeOrder(t.db, body, { shopperId: 'before-metrc' });
    const done = await owner.send('PATCH', `/api/orders/${earlier.value.id}/status`, {
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json()).toMatchObject({ code: 'NO_METRC_QUANTITY' });
    expect(done.json().error).toContain('its Bulk line of Blue Dream has no amount');
  });

  it('keeps a cannabis product’s stock within what its packages hold', async () => {
    const shatter = products.find((p) => p.name === 'Shatter')!;
    const now = (await productsByName(t.app)).get('Shatter')!.stock;
    const lower = await owner.send('PATCH', `/api/products/${shatter.id}`, { stock: now - 1 });
    expect(lower.statusCode, lower.body).toBe(200);
    const raise = await owner.send('PATCH', `/api/products/${shatter.id}`, { stock: now + 5 });
    expect(raise.statusCode).toBe(409);
    expect(raise.json()).toMatchObject({
      code: 'STOCK_OVER_PACKAGES',
      error:
        "Shatter's Metrc packages hold stock for 0 more: receive its package in Inventory to add stock.",
    });
    await receive(shatter, 10);
    expect((await productsByName(t.app)).get('Shatter')!.stock).toBe(now + 9);
    // accessories are not in Metrc: their stock is the shop's own business
    const accessoryUp = await owner.send('PATCH', `/api/products/${accessory.id}`, {
      stock: accessory.stock + 50,
    });
    expect(accessoryUp.statusCode, accessoryUp.body).toBe(200);
  });

  it('holds the stock within the packages on every path: the catalog import and a new product', async () => {
    const shatter = (await productsByName(t.app)).get('Shatter')!;
    const rows: Record<string, string>[] = parse(
      (await owner.send('GET', '/api/products/export.csv')).body,
      { columns: true, bom: true },
    );
    const raised = rows.map((row) =>
      row.name === 'Shatter' ? { ...row, stock: String(shatter.stock + 5) } : row,
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?apply=true',
      payload: stringify(raised, { header: true }),
      headers: { cookie: owner.cookie, 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(409);
    expect(imported.json()).toMatchObject({ code: 'STOCK_OVER_PACKAGES' });
    expect((await productsByName(t.app)).get('Shatter')!.stock).toBe(shatter.stock);

    const flower = {
      name: 'Package-less Kush',
      category: 'flower',
      subcategory: 'indoor',
      description: 'A flower with no package behind it yet.',
      price: 40,
      salePrice: '',
      priceQuarter: null,
      strain: 'Indica',
      media: ['/media/demo-1.webp'],
    };
    const stocked = await owner.send('POST', '/api/products', { ...flower, stock: 28 });
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json()).toMatchObject({ code: 'STOCK_OVER_PACKAGES' });
    expect((await productsByName(t.app)).has('Package-less Kush')).toBe(false);
    const empty = await owner.send('POST', '/api/products', { ...flower, stock: 0 });
    expect(empty.statusCode, empty.body).toBe(201);
  });

  it('does not send a sale twice when the shop crashed between Metrc’s answer and storing it', async () => {
    await receive(wick, 5);
    const order = await handedOver(wick, 1);
    await expect(
      drain({
        afterSend: () => {
          throw new Error('the process died here');
        },
      }),
    ).rejects.toThrow('the process died here');
    expect(receiptOf(order.id)).toHaveLength(1);
    // still claimed: nobody takes it again before its lease ends
    expect(await drain()).toMatchObject({ sent: 0 });
    const later = new Date(Date.now() + 61_000);
    expect(await drain({ now: later })).toMatchObject({ sent: 1 });
    expect(receiptOf(order.id)).toHaveLength(1);
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.filter((r) => r.path === '/sales/v2/receipts').length).toBe(fake.receipts.length);
    const [entry] = await entriesOf(order.id);
    expect(entry).toMatchObject({ status: 'sent', metrcId: receiptOf(order.id)[0]!.Id });
  });

  it('keeps a refused sale with Metrc’s message, and sends it again once corrected', async () => {
    const pkg = await receive(wick, 5);
    const known = tag(999_999);
    fake.setPackages({ [known]: 100 });
    const order = await handedOver(wick, 2);
    expect(await drain()).toMatchObject({ failed: 1 });
    const [refused] = await entriesOf(order.id);
    expect(refused).toMatchObject({
      status: 'failed',
      metrcId: null,
      error: `Package ${pkg.tag} does not exist or is not active.`,
    });
    expect((await today()).days[0]).toMatchObject({ failed: 1 });

    const resend = await owner.send('POST', `/api/state-reporting/entries/${refused!.id}/resend`, {
      corrections: [{ index: 0, packageLabel: known }],
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(receiptOf(order.id)[0]!.Transactions[0]).toMatchObject({
      PackageLabel: known,
      Quantity: 2,
    });
    const twice = await owner.send(
      'POST',
      `/api/state-reporting/entries/${refused!.id}/resend`,
      {},
    );
    expect(twice.json()).toMatchObject({ code: 'METRC_RESEND_REFUSED' });
  });

  it('reports a return after handover as the receipt Metrc keeps, after the sale', async () => {
    const pkg = await receive(wick, 5);
    const order = await handedOver(wick, 3);
    const lineId = order.items[0]!.lineId!;
    const returned = await owner.send('POST', `/api/orders/${order.id}/returns`, {
      reason: 'Damaged wick',
      items: [{ lineId, count: 1 }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    // the return waits for the sale: written after it, it is sent after it
    expect(await drain()).toMatchObject({ sent: 2 });
    const [receipt, ...more] = receiptOf(order.id);
    expect(more).toEqual([]);
    expect(receipt!.Transactions).toMatchObject([{ PackageLabel: pkg.tag, Quantity: 2 }]);
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(true);
    const entries = await entriesOf(order.id);
    expect(entries.map((e) => [e.kind, e.status])).toEqual([
      ['sale', 'sent'],
      ['return', 'sent'],
    ]);
  });

  it('waits out an outage with backoff, and says why', async () => {
    await receive(wick, 5);
    const order = await handedOver(wick, 1);
    fake.setOutage(true);
    expect(await drain()).toMatchObject({ retried: 1 });
    const [waiting] = await entriesOf(order.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      error: 'Metrc answered 503: The service is temporarily unavailable..',
    });
    fake.setOutage(false);
    // not due again yet
    expect(await drain()).toMatchObject({ sent: 0, retried: 0 });
    expect(await drain({ now: new Date(Date.now() + 10_000) })).toMatchObject({ sent: 1 });
    expect(receiptOf(order.id)).toHaveLength(1);
  });

  it('tests the connection, and reconciles a day with Metrc’s own list', async () => {
    const connection = await owner.send('GET', '/api/state-reporting/connection');
    expect(connection.json()).toEqual({
      ok: true,
      message: `Connected to Metrc: licence ${FAKE_METRC.licenseNumber} is Canopy Test Dispensary (Retailer).`,
    });
    await receive(wick, 5);
    await handedOver(wick, 1);
    await drain();
    const day = (await today()).days[0]!.date;
    const clean = await owner.send('GET', `/api/state-reporting/days/${day}/reconciliation`);
    expect(clean.json().differences).toEqual([]);
    fake.receipts.push({
      Id: 9999,
      ExternalReceiptNumber: 'by-hand-1',
      SalesDateTime: `${day}T10:00:00.000`,
      SalesCustomerType: 'Consumer',
      Transactions: [],
      TotalPackages: 0,
      TotalPrice: 0,
      LastModified: '',
    });
    const off = (await owner.send('GET', `/api/state-reporting/days/${day}/reconciliation`)).json();
    expect(off.differences).toEqual([
      {
        externalNumber: 'by-hand-1',
        metrcId: 9999,
        problem:
          'Metrc lists receipt 9999 (by-hand-1) the shop did not send: a sale recorded in Metrc by hand?',
      },
    ]);
    fake.receipts.pop();
  });

  it('never shows the keys: a refused key is named by its variable, not its value', async () => {
    const wrong = metrcClient({ ...metrcSettings(t.config)!, userKey: 'not-the-key' });
    const error = await wrong.facilities().catch((e: Error) => e.message);
    expect(error).toContain('check METRC_VENDOR_KEY and METRC_USER_KEY');
    expect(error).not.toContain(FAKE_METRC.vendorKey);
    expect(error).not.toContain('not-the-key');
  });

  it('counts what is unreported, and what is past the deadline, in the metrics', async () => {
    await receive(wick, 5);
    const order = await handedOver(wick, 1);
    const gauge = async () => {
      const res = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return Object.fromEntries(
        [...res.body.matchAll(/^canopy_metrc_unreported\{state="(\w+)"\} (\d+)$/gm)].map((m) => [
          m[1],
          Number(m[2]),
        ]),
      );
    };
    const before = await gauge();
    expect(before.all).toBeGreaterThanOrEqual(1);
    expect(before.overdue).toBe(0);
    // a day later, still not sent: past the 24 hours
    await t.db.kysely
      .updateTable('metrc_outbox')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    expect((await gauge()).overdue).toBe(1);
    const banner = await owner.send('GET', '/api/state-reporting/overdue');
    expect(banner.json()).toEqual({ overdue: 1, hours: 24 });
    await drain();
    expect(await gauge()).toMatchObject({ overdue: 0 });
  });

  /** A same-day delivery of `count` joints by a driver, put on the way, then handed over. */
  async function delivered(count: number) {
    const stamp = `${dialect}${++drivers}`;
    const driver = await owner.send('POST', '/api/staff', {
      username: `dana.${stamp}`,
      password: 'a-driver-password',
      role: 'driver',
      firstName: 'Dana',
      employeeNumber: `D-${stamp}`,
    });
    expect(driver.statusCode, driver.body).toBe(201);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(wick, '1', count)], products, {
        orderType: 'delivery',
        customer: 'Robin Recipient',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    for (const [path, data] of [
      [`/api/orders/${order.id}/status`, { status: 'accepted' }],
      [`/api/orders/${order.id}/driver`, { driverId: driver.json<{ id: number }>().id }],
      [`/api/orders/${order.id}/status`, { status: 'on the way' }],
      [`/api/orders/${order.id}/status`, { status: 'completed' }],
    ] as const) {
      const moved = await owner.send('PATCH', path, data);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['departed_at', 'completed_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return { order, employeeNumber: `D-${stamp}`, ...row };
  }
  let drivers = 0;
  const deliveriesOf = (packageTag: string) =>
    fake.deliveries.filter((d) => d.Transactions.some((x) => x.PackageLabel === packageTag));

  it('reports a handed-over delivery once to Metrc’s delivery endpoints, completed at the door', async () => {
    const pkg = await receive(wick, 10);
    const posts = () =>
      fake.requests.filter((r) => r.path.startsWith('/sales/v2/deliveries') && r.method !== 'GET');
    const before = posts().length;
    const { order, employeeNumber, departed_at, completed_at } = await delivered(7);
    expect(await drain()).toMatchObject({ sent: 1, failed: 0 });
    expect(await drain()).toMatchObject({ sent: 0 });

    const [delivery, ...more] = deliveriesOf(pkg.tag);
    expect(more).toEqual([]);
    expect(receiptOf(order.id)).toEqual([]);
    const zone = 'America/Los_Angeles';
    expect(delivery).toMatchObject({
      SalesCustomerType: 'Consumer',
      SalesDateTime: localSaleTime(new Date(completed_at!), zone),
      RecipientName: 'Robin Recipient',
      RecipientAddressStreet1: '12 Elm Street',
      RecipientAddressCity: 'Oakland',
      RecipientAddressState: 'CA',
      RecipientAddressPostalCode: '94612',
      DriverName: 'Dana',
      DriverEmployeeId: employeeNumber,
      // a same-day delivery planned as it went: set off when put on the way, arrived at handover
      EstimatedDepartureDateTime: localSaleTime(new Date(departed_at!), zone),
      EstimatedArrivalDateTime: localSaleTime(new Date(completed_at!), zone),
      ActualArrivalDateTime: localSaleTime(new Date(completed_at!), zone),
      AcceptedPackages: [pkg.tag],
    });
    expect(delivery!.CompletedDateTime).not.toBeNull();
    expect(
      delivery!.Transactions.map((x) => [x.PackageLabel, x.Quantity, x.UnitOfMeasure]),
    ).toEqual([[pkg.tag, 7, 'Each']]);
    const total = delivery!.Transactions.reduce((sum, x) => sum + x.TotalAmount, 0);
    expect(total).toBeCloseTo(order.total - order.deliveryFee, 2);
    // one record of the trip and one completion: nothing sent twice
    expect(posts().length - before).toBe(2);
    const [entry] = await entriesOf(order.id);
    expect(entry).toMatchObject({ kind: 'delivery', status: 'sent', metrcId: delivery!.Id });
    expect(entry!.transactions).toEqual([
      expect.objectContaining({ packageLabel: pkg.tag, quantity: 7, unitOfMeasure: 'Each' }),
    ]);

    const day = (await today()).days[0]!.date;
    const clean = await owner.send('GET', `/api/state-reporting/days/${day}/reconciliation`);
    expect(clean.json().differences).toEqual([]);
  });

  it('does not record a delivery twice when the shop crashed after Metrc recorded it', async () => {
    const pkg = await receive(wick, 10);
    const { order } = await delivered(7);
    await expect(
      drain({
        afterSend: () => {
          throw new Error('the process died here');
        },
      }),
    ).rejects.toThrow('the process died here');
    // and the id Metrc gave was lost with it: the delivery is found by its time, street, packages
    await t.db.kysely
      .updateTable('metrc_outbox')
      .set({ metrc_id: null })
      .where('order_id', '=', order.id)
      .execute();
    expect(await drain({ now: new Date(Date.now() + 61_000) })).toMatchObject({ sent: 1 });
    const [delivery, ...more] = deliveriesOf(pkg.tag);
    expect(more).toEqual([]);
    expect(delivery!.CompletedDateTime).not.toBeNull();
    const [entry] = await entriesOf(order.id);
    expect(entry).toMatchObject({ status: 'sent', metrcId: delivery!.Id });
  });

  it('reports a return after a delivery as the delivery Metrc keeps', async () => {
    const pkg = await receive(wick, 10);
    const { order } = await delivered(7);
    const returned = await owner.send('POST', `/api/orders/${order.id}/returns`, {
      reason: 'Crushed in the bag',
      items: [{ lineId: order.items[0]!.lineId!, count: 2 }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await drain()).toMatchObject({ sent: 2 });
    const [delivery, ...more] = deliveriesOf(pkg.tag);
    expect(more).toEqual([]);
    expect(delivery!.Transactions).toMatchObject([{ PackageLabel: pkg.tag, Quantity: 5 }]);
    expect(delivery!.RecipientAddressStreet1).toBe('12 Elm Street');
  });

  it('leaves the page to the owner', async () => {
    const anonymous = await owner.send('GET', '/api/state-reporting', undefined, true);
    expect(anonymous.statusCode).toBe(401);
  });
});
