import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';

describe.each(BACKENDS)('taxes as CDTFA computes them on %s (issue 37 §4)', (dialect) => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];

  const storedRates = async () =>
    t.db.kysely
      .selectFrom('dealer_settings')
      .select(['sales_tax_rate', 'local_tax_rate'])
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SHOP_TIMEZONE: 'America/Los_Angeles' } });
    ({ send } = await dealerClient(t));
  });
  afterAll(() => t.dispose());

  it('takes tax rates to a thousandth of a percent and stores 9.125% exactly', async () => {
    const settings = { jurisdiction: 'US-CA', salesTaxRate: 9.125, localTaxRate: 10 };
    expect((await send('PATCH', '/api/dealer-settings', settings)).statusCode).toBe(200);
    expect((await t.app.inject('/api/dealer-settings')).json()).toMatchObject(settings);
    expect(await storedRates()).toEqual({ sales_tax_rate: 9.125, local_tax_rate: 10 });
    const finer = await send('PATCH', '/api/dealer-settings', { localTaxRate: 0.1255 });
    expect(finer.statusCode).toBe(400);
    expect(finer.json().errors[0]).toEqual({
      path: 'localTaxRate',
      message: 'can have at most 3 decimals',
    });

    const zone = { name: 'Mission', postalCodes: ['94110'], fee: 5, minimum: 60 };
    const created = await send('POST', '/api/delivery-zones', { ...zone, salesTaxRate: 9.125 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...zone, salesTaxRate: 9.125 });
    const row = await t.db.kysely
      .selectFrom('delivery_zones')
      .select('sales_tax_rate')
      .executeTakeFirstOrThrow();
    expect(row.sales_tax_rate).toBe(9.125);
    const refused = await send('POST', '/api/delivery-zones', {
      ...zone,
      name: 'SoMa',
      postalCodes: ['94103'],
      salesTaxRate: 8.6251,
    });
    expect(refused.json().errors[0]).toEqual({
      path: 'salesTaxRate',
      message: 'can have at most 3 decimals',
    });
  });
});
