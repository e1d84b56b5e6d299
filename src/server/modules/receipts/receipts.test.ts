import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { createShopTimeApp } from '../../../../test/shop-time';
import { signaturePng } from '../../../../test/signature';
import { type Send, staffClient } from '../../../../test/staff';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import { formatDollars, formatPercent } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { Promotion } from '../../../shared/schemas/promotions';
import { shopClock, shopTimeLabel } from '../../../shared/shop-clock';

const ZONE = 'America/Los_Angeles';
const SHOP = {
  shopName: 'Canopy Test Shop',
  pickupAddress: '1 Main Street',
  openingHours: '9-9',
  phone: '555-0100',
  licenseNumber: 'C9-0000123-LIC',
  deliveryArea: 'Oakland',
  paymentMethods: 'Cash',
};

/** The page's text as a reader sees it: head and tags gone, whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe.each(BACKENDS)('receipts on %s (DCC §15420)', (dialect) => {
  let t: TestApp;
  let products: Map<string, Product>;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let packer: Awaited<ReturnType<typeof staffClient>>;
  let support: Awaited<ReturnType<typeof staffClient>>;
  let alex: Awaited<ReturnType<typeof staffClient>>;
  let blair: Awaited<ReturnType<typeof staffClient>>;
  let today: string;

  beforeAll(async () => {
    t = await createShopTimeApp(dialect, ZONE);
    owner = await dealerClient(t);
    packer = await staffClient(t, owner, 'dispatcher', 'pat');
    support = await staffClient(t, owner, 'support', 'sky');
    alex = await staffClient(t, owner, 'driver', 'alex');
    blair = await staffClient(t, owner, 'driver', 'blair');
    expect((await owner.send('PUT', '/api/store-profile', SHOP)).statusCode).toBe(200);
    const rules = { jurisdiction: 'US-CA', salesTaxRate: 9.5, localTaxRate: null };
    expect((await owner.send('PATCH', '/api/dealer-settings', rules)).statusCode).toBe(200);
    products = await productsByName(t.app);
    today = shopClock(t.app.clock(), ZONE).date;
  });
  afterAll(() => t.dispose());

  const californiaTax = () => ({
    tax: {
      ruleSet: RULE_SETS['US-CA'],
      date: today,
      rates: { salesTaxPercent: 9.5, localTaxPercent: null },
    },
  });

  /** Places an order; answers it with the shopper cookie it was placed with. */
  async function place(
    name: string,
    quantity: '1/4 Oz' | '1',
    overrides: Record<string, unknown> = {},
    cookie?: string,
  ): Promise<{ order: Order; cookie: string }> {
    const product = products.get(name) as Product;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(product, quantity)], [...products.values()], {
        pricing: californiaTax(),
        // under US-CA a delivery's address ends with the state and its ZIP
        ...(overrides.orderType === 'delivery'
          ? { address: '12 Elm Street, Oakland, CA 94612' }
          : {}),
        ...overrides,
      }),
      headers: cookie ? { cookie } : {},
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const shopper = placed.cookies.find((c) => c.name === 'canopy_shopper')?.value;
    return { order: placed.json<Order>(), cookie: cookie ?? `canopy_shopper=${shopper}` };
  }

  /** The ID of the named customer at 30, as the driver types it at the door. */
  function idOf(firstName: string, lastName: string, idNumber: string) {
    const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
    return {
      method: 'manual',
      firstName,
      lastName,
      dateOfBirth: `${year - 30}${rest === '-02-29' ? '-02-28' : rest}`,
      expiry: `${year + 1}-01-31`,
      idNumber,
      state: 'CA',
    };
  }

  const status = (send: Send, id: number, next: string) =>
    send('PATCH', `/api/orders/${id}/status`, { status: next });
  const receiptUrl = (id: number, token?: string) =>
    `/api/orders/${id}/receipt${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const read = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const customerNumberOf = (res: LightMyRequestResponse) =>
    /Customer no\. (\d+)/.exec(textOf(res.body))?.[1];

  /** A delivery packed at the shop and handed over by its driver after the ID check. */
  async function deliveredByDriver() {
    const welcome = (await t.app.inject('/api/promotions'))
      .json<Promotion[]>()
      .find((p) => p.promoCode === 'WELCOME10');
    const placed = await place('Blue Dream', '1/4 Oz', {
      orderType: 'delivery',
      customer: 'Jamie Rivera',
      phone: '415-555-0101',
      promoCode: 'WELCOME10',
      promotion: welcome,
    });
    const { id } = placed.order;
    expect((await status(packer.send, id, 'packed')).statusCode).toBe(200);
    await owner.send('PATCH', `/api/orders/${id}/driver`, { driverId: alex.id });
    await alex.send('PATCH', `/api/deliveries/${id}`, { status: 'on the way' });
    const check = idOf('Jamie', 'Rivera', 'D7654321');
    expect((await alex.send('POST', `/api/deliveries/${id}/id-check`, check)).statusCode).toBe(200);
    const signature = await signaturePng();
    const done = await alex.send('PATCH', `/api/deliveries/${id}`, {
      status: 'completed',
      signature,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { ...placed, order: done.json<Order>(), signature };
  }

  /**
   * Staff hand an order over from the back office: the ID checked at the counter (the name
   * confirmed by hand), and a delivery signed for.
   */
  async function handOverAtCounter(send: Send, order: Order) {
    const checked = await send('POST', `/api/orders/${order.id}/id-check`, {
      ...idOf('Jamie', 'Rivera', `C${order.id}000`),
      confirmName: true,
    });
    expect(checked.json<Order>().idCheck?.passed, checked.body).toBe(true);
    const signature = order.orderType === 'pickup' ? undefined : await signaturePng();
    const done = await send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'completed',
      signature,
    });
    expect(done.statusCode, done.body).toBe(200);
  }

  it('shows the shop, the customer and number, the items, every amount, the staff, the ID check and the signature', async () => {
    const { order, signature } = await deliveredByDriver();
    expect(order.taxes.map((tax) => tax.name)).toEqual(['Cannabis excise tax', 'Sales tax']);
    const res = await read(receiptUrl(order.id), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain('img-src data:');
    expect(csp).not.toContain('unsafe-inline');

    const text = textOf(res.body);
    const line = order.items[0]!;
    const expected = [
      'Receipt Canopy Test Shop Licence C9-0000123-LIC',
      `Order #${order.id}`,
      'Customer Jamie Customer no.',
      `Requested ${shopTimeLabel(order.date, ZONE)}`,
      `Delivered ${shopTimeLabel(order.completedAt!, ZONE)}`,
      'Address 12 Elm Street',
      `Blue Dream 1/4 Oz (7 g) × 1 ${formatDollars(line.price)}`,
      `Subtotal ${formatDollars(line.price)}`,
      `Discount (WELCOME10) -${formatDollars(order.discountAmount)}`,
      'Delivery fee $5.00',
      ...order.taxes.map(
        (tax) => `${tax.name} (${formatPercent(tax.rate)}) ${formatDollars(tax.amount)}`,
      ),
      `Total ${formatDollars(order.total)}`,
      `Driver Alex (employee no. E-`,
      `Prepared by Pat (employee no. E-`,
      `ID check Passed (entered by hand) at ${shopTimeLabel(order.idCheck!.at, ZONE)}`,
    ];
    for (const part of expected) expect(text).toContain(part);
    expect(order.discountAmount).toBeGreaterThan(0);
    expect(order.taxes[0]!.rate).toBe(15);
    const staff = (await owner.send('GET', '/api/staff')).json<
      { id: number; employeeNumber: string }[]
    >();
    const numberOf = (id: number) => staff.find((s) => s.id === id)!.employeeNumber;
    expect(text).toContain(`Driver Alex (employee no. ${numberOf(alex.id)})`);
    expect(text).toContain(`Prepared by Pat (employee no. ${numberOf(packer.id)})`);
    expect(res.body).toContain(`<img class="signature" src="${signature}"`);
    expect(customerNumberOf(res)).toMatch(/^\d+$/);
  });

  it('gives a customer the same number on every order, and another customer another', async () => {
    const first = await deliveredByDriver();
    // a pickup by the same phone, written another way, made ready at the counter
    const pickup = await place(
      'Sleepy Berry Gummies',
      '1',
      { customer: 'Jamie Rivera', phone: '+1 (415) 555 0101' },
      first.cookie,
    );
    expect((await status(packer.send, pickup.order.id, 'ready')).statusCode).toBe(200);
    // without the ID checked at the counter, a pickup is not handed over
    const unchecked = await status(owner.send, pickup.order.id, 'completed');
    expect(unchecked.json()).toEqual({
      error: `Check the customer's ID at the counter before handing over order #${pickup.order.id}.`,
      code: 'ID_CHECK_REQUIRED',
    });
    await handOverAtCounter(owner.send, pickup.order);
    const other = await place('Blue Dream', '1/4 Oz', {
      orderType: 'delivery',
      customer: 'Robin Park',
      phone: '415-555-0199',
    });
    await handOverAtCounter(owner.send, other.order);

    const [a, b, c] = await Promise.all(
      [first.order, pickup.order, other.order].map((o) => read(receiptUrl(o.id), owner.cookie)),
    );
    expect(customerNumberOf(b!)).toBe(customerNumberOf(a!));
    expect(customerNumberOf(c!)).not.toBe(customerNumberOf(a!));

    const pickupText = textOf(b!.body);
    expect(pickupText).toContain('Picked up');
    expect(pickupText).toContain('Prepared by Pat');
    for (const absent of ['Address', 'Driver', 'Delivery fee'])
      expect(pickupText).not.toContain(absent);
    // completed at the back office without packing: whoever completed it prepared it
    const otherText = textOf(c!.body);
    expect(otherText).toContain('Prepared by back-office (employee no. not recorded)');
    expect(otherText).toContain('Driver Not recorded');
    expect(otherText).toMatch(/ID check Passed \(entered by hand; name confirmed in person\) at /);
    expect(c!.body).toContain('<img class="signature" src="data:image/png;base64,');
  });

  it('escapes what customers typed', async () => {
    const { order } = await place('Sleepy Berry Gummies', '1', {
      customer: '<script>alert(1)</script> "Lee"',
      phone: '415-555-0123',
    });
    await handOverAtCounter(owner.send, order);
    const res = await read(receiptUrl(order.id, order.statusToken));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain(
      'Customer</th><td class="value">&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('is for staff who read orders, the order’s driver, its shopper and its status link only', async () => {
    const { order, cookie } = await deliveredByDriver();
    const url = receiptUrl(order.id);

    const nobody = await read(url);
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().code).toBe('UNAUTHORIZED');
    expect((await read(receiptUrl(order.id, order.statusToken))).statusCode).toBe(200);
    expect((await read(url, cookie)).statusCode).toBe(200);
    for (const staff of [owner, packer, support, alex])
      expect((await read(url, staff.cookie)).statusCode).toBe(200);

    const stranger = (await place('Sleepy Berry Gummies', '1', { phone: '415-555-0177' })).cookie;
    const wrongToken = 'A'.repeat(22);
    for (const [who, answer] of [
      ['another shopper', await read(url, stranger)],
      ['another driver', await read(url, blair.cookie)],
      ['a wrong token', await read(receiptUrl(order.id, wrongToken))],
      ['a missing order', await read(receiptUrl(999_999), owner.cookie)],
    ] as const) {
      expect(answer.statusCode, who).toBe(404);
      expect(answer.json(), who).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    }
    // the token opens it whoever holds it
    expect((await read(receiptUrl(order.id, order.statusToken), stranger)).statusCode).toBe(200);
  });

  it('shows the address and the signature to staff and the shopper, not to a status link', async () => {
    const { order, cookie, signature } = await deliveredByDriver();
    const byLink = await read(receiptUrl(order.id, order.statusToken));
    expect(byLink.statusCode).toBe(200);
    expect(textOf(byLink.body)).toContain('Address Not shown on a shared link');
    expect(byLink.body).not.toContain('12 Elm Street');
    expect(byLink.body).not.toContain(signature);
    expect(byLink.body).not.toContain('<img');
    // the total and the items stay: it is still the order's receipt
    expect(textOf(byLink.body)).toContain(`Total ${formatDollars(order.total)}`);

    for (const [who, viewer] of [
      ['the shopper', cookie],
      ['the owner', owner.cookie],
      ['support', support.cookie],
      ['the driver', alex.cookie],
    ] as const) {
      const full = await read(receiptUrl(order.id), viewer);
      expect(textOf(full.body), who).toContain('Address 12 Elm Street');
      expect(full.body, who).toContain(`<img class="signature" src="${signature}"`);
    }
  });

  it('has no receipt before the order is handed over or voided', async () => {
    const { order, cookie } = await place('Sleepy Berry Gummies', '1', { phone: '415-555-0155' });
    for (const answer of [
      await read(receiptUrl(order.id), owner.cookie),
      await read(receiptUrl(order.id), cookie),
      await read(receiptUrl(order.id, order.statusToken)),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        error: `Order #${order.id} has no receipt yet: it gets one when it is delivered, picked up or voided.`,
        code: 'NO_RECEIPT',
      });
    }
    expect((await read(receiptUrl(order.id))).statusCode).toBe(401);
  });
});
