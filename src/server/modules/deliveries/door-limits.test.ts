import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { californiaLicence } from '../../../../test/aamva-fixture';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, stockedCatalog } from '../../../../test/orders-fixtures';
import { createShopTimeApp } from '../../../../test/shop-time';
import { blankSignaturePng, dotSignaturePng, signaturePng } from '../../../../test/signature';
import { staffClient } from '../../../../test/staff';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import type { QuantityLabel } from '../../../shared/constants';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { shopClock } from '../../../shared/shop-clock';

const ZONE = 'America/Los_Angeles';

/**
 * The door's other duties: the signature is a real PNG of a sensible size, and
 * one ID across orders placed under different phones stays within the day's limits.
 */
describe.each(BACKENDS)('signatures and the ID’s daily limits at the door on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let driver: Awaited<ReturnType<typeof staffClient>>;
  let products: Map<string, Product>;
  const today = () => shopClock(t.app.clock(), t.config.SHOP_TIMEZONE).date;

  beforeAll(async () => {
    t = await createShopTimeApp(dialect, ZONE);
    owner = await dealerClient(t);
    driver = await staffClient(t, owner, 'driver', 'dana');
    const california = { jurisdiction: 'US-CA', salesTaxRate: 9.5, localTaxRate: null };
    expect((await owner.send('PATCH', '/api/dealer-settings', california)).statusCode).toBe(200);
    products = await stockedCatalog(t);
  });
  afterAll(() => t.dispose());

  /** A flower delivery to its own phone, so only the ID ties the orders together. */
  async function deliveryOf(quantity: QuantityLabel, phone: string): Promise<Order> {
    const all = [...products.values()];
    const tax = {
      ruleSet: RULE_SETS['US-CA'],
      date: today(),
      rates: { salesTaxPercent: 9.5, localTaxPercent: null },
    };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(products.get('Blue Dream') as Product, quantity)], all, {
        orderType: 'delivery',
        customer: 'Jamie Rivera',
        phone,
        pricing: { tax },
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    await owner.send('PATCH', `/api/orders/${order.id}/status`, { status: 'accepted' });
    await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: driver.id });
    await driver.send('PATCH', `/api/deliveries/${order.id}`, { status: 'on the way' });
    return order;
  }

  /** The driver scans Jamie Rivera's licence: the phone sends the barcode's text only. */
  const idCheck = (order: Order, idNumber = 'D7654321') =>
    driver.send('POST', `/api/deliveries/${order.id}/id-check`, {
      method: 'scan',
      barcode: californiaLicence({
        firstName: 'JAMIE',
        lastName: 'RIVERA',
        dateOfBirth: '1990-05-05',
        expiry: `${Number(today().slice(0, 4)) + 2}-05-05`,
        idNumber,
      }),
    });

  it('hands over only with a real PNG signature of a sensible size', async () => {
    const order = await deliveryOf('1/4 Oz', '555-0301');
    expect((await idCheck(order, 'S0000001')).json<Order>().idCheck?.passed).toBe(true);
    const handOver = (signature: string) =>
      driver.send('PATCH', `/api/deliveries/${order.id}`, { status: 'completed', signature });

    const notPng = `data:image/png;base64,${Buffer.from('GIF89a a picture, honest').toString('base64')}`;
    const jpeg = `data:image/jpeg;base64,${(await signaturePng()).split(',')[1]}`;
    const huge = await signaturePng(3000, 40);
    for (const [signature, message] of [
      [notPng, 'signature: is not a PNG image'],
      [jpeg, 'signature: must be a PNG image (data:image/png;base64,...)'],
      [huge, 'signature: must be at most 2400 pixels on a side'],
      ['data:image/png;base64,@@@', 'signature: must be base64'],
    ]) {
      const refused = await handOver(signature!);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().formattedErrors).toEqual([message]);
    }
    const oversized = `data:image/png;base64,${'A'.repeat(140_000)}`;
    expect((await handOver(oversized)).json().formattedErrors).toEqual([
      'signature: must be at most 96 KB',
    ]);
    expect((await handOver(await signaturePng())).json<Order>().status).toBe('completed');
  });

  it('fails an ID whose orders of the day, under any phone, would pass the daily limit', async () => {
    const ounce = await deliveryOf('1 Oz', '555-0401');
    const quarter = await deliveryOf('1/4 Oz', '555-0402');
    const first = (await idCheck(ounce)).json<Order>().idCheck!;
    expect(first).toMatchObject({ passed: true, checks: { withinDailyLimits: true } });

    const looped = (await idCheck(quarter)).json<Order>().idCheck!;
    expect(looped).toMatchObject({ passed: false, checks: { withinDailyLimits: false } });
    expect(looped.reasons).toEqual([
      'This ID already had 28 g of flower today; with this order it would pass the 28.5 g daily limit',
    ]);
    // the failure binds; with the owner's leave another person's ID is their own limit
    expect((await idCheck(quarter, 'B1111111')).json().code).toBe('ID_CHECK_FAILED_BEFORE');
    const allow = () =>
      owner.send('POST', `/api/orders/${quarter.id}/id-check-override`, {
        reason: 'The partner ordered it',
      });
    await allow();
    expect((await idCheck(quarter, 'B1111111')).json<Order>().idCheck?.passed).toBe(true);

    // once the ounce comes back undelivered, its grams no longer count for the ID
    await driver.send('PATCH', `/api/deliveries/${ounce.id}`, {
      status: 'returned',
      returnReason: 'refused',
    });
    expect((await idCheck(quarter)).json<Order>().idCheck?.passed).toBe(true);
  });

  it('reads a scan from the barcode itself: a scan it cannot read is refused, typed fields are manual', async () => {
    const order = await deliveryOf('1/4 Oz', '555-0501');
    const unreadable = await driver.send('POST', `/api/deliveries/${order.id}/id-check`, {
      method: 'scan',
      barcode: 'this is not a licence barcode at all',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().formattedErrors).toEqual([
      'barcode: could not be read: Not an AAMVA driver licence or ID barcode. Scan again, or type what the ID says.',
    ]);
    // a phone that claims "scan" with typed fields only sends a barcode-less scan: refused
    const claimed = await driver.send('POST', `/api/deliveries/${order.id}/id-check`, {
      method: 'scan',
      firstName: 'Jamie',
      lastName: 'Rivera',
      dateOfBirth: '1990-05-05',
      expiry: '2030-01-01',
      idNumber: 'D7654321',
    });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().formattedErrors).toEqual(['barcode: is required']);
    const scanned = (await idCheck(order, 'S5555555')).json<Order>().idCheck!;
    expect(scanned).toMatchObject({ method: 'scan', idType: 'licence', passed: true });
  });

  it('refuses a blank pad or a tap as a signature', async () => {
    const order = await deliveryOf('1/4 Oz', '555-0601');
    await idCheck(order, 'S6666666');
    for (const signature of [await blankSignaturePng(), await dotSignaturePng()]) {
      const refused = await driver.send('PATCH', `/api/deliveries/${order.id}`, {
        status: 'completed',
        signature,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: `The signature for order #${order.id} is blank: ask Jamie Rivera to sign in the box.`,
        code: 'SIGNATURE_REQUIRED',
      });
    }
  });
});
