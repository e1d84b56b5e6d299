import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { type FakeMetrc, startFakeMetrc } from '../../../../test/fake-metrc';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { METRC_PACKAGE_COLUMNS } from '../../../shared/catalog-csv';
import type { ReceivedPackage } from '../../../shared/metrc';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';

type Cells = Record<string, string>;
const readCsv = (csv: string): Cells[] => parse(csv, { bom: true, columns: true });
const tag = (n: number) => `1A4FF0300000022000${String(n).padStart(6, '0')}`;

/** A shop of the demo catalog, signed in as its owner. */
async function shop(dialect: (typeof BACKENDS)[number], env: Record<string, string>) {
  const t = await createTestApp(dialect, { env });
  const { send, cookie } = await dealerClient(t);
  const importCsv = (csv: string, apply: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import${apply ? '?apply=true' : ''}`,
      payload: csv,
      headers: { cookie, 'content-type': 'text/csv' },
    });
  const exportCsv = async () => (await send('GET', '/api/products/export.csv')).body;
  const packages = async () =>
    (await send('GET', '/api/inventory/packages')).json<ReceivedPackage[]>();
  return { t, send, importCsv, exportCsv, packages };
}

/** What a package is, apart from where and when this shop recorded it. */
const comparable = (p: ReceivedPackage) => ({
  tag: p.tag,
  itemName: p.itemName,
  unitOfMeasure: p.unitOfMeasure,
  quantityReceived: p.quantityReceived,
  quantityRemaining: p.quantityRemaining,
  productName: p.productName,
  flavor: p.flavor,
});

/**
 * The catalog CSV carries each product's Metrc packages both ways; an import
 * records the packages it names under the rules of "Receive stock", in its one transaction.
 */
describe.each(BACKENDS)('Metrc packages in the catalog CSV on %s', (dialect) => {
  let fake: FakeMetrc;
  let from: Awaited<ReturnType<typeof shop>>;

  beforeAll(async () => {
    fake = await startFakeMetrc();
    from = await shop(dialect, fake.env);
  });
  afterAll(async () => {
    await from.t.dispose();
    await fake.close();
  });

  it('exports the packages and imports them into a fresh shop: the same packages and stock', async () => {
    const byName = await productsByName(from.t.app);
    const joint = byName.get('Classic Joint')!;
    const cart = byName.get('Distillate Cart')!;
    // the goods on hand are the packages' goods only
    for (const [product, body] of [
      [joint, { stock: 0 }],
      [cart, { stock: 0, flavorStocks: { Watermelon: 0, 'Lemon OG': 0 } }],
    ] as const) {
      const emptied = await from.send('PATCH', `/api/products/${product.id}`, body);
      expect(emptied.statusCode, emptied.body).toBe(200);
    }
    for (const [product, n, quantity, flavor] of [
      [joint, 1, 4, null],
      [joint, 2, 10, null],
      [cart, 3, 6, 'Watermelon'],
    ] as const) {
      const received = await from.send('POST', '/api/inventory/packages', {
        productId: product.id,
        flavor,
        tag: tag(n),
        itemName: `${product.name}: Metrc item ${n}`,
        quantity,
      });
      expect(received.statusCode, received.body).toBe(200);
    }
    // a sale takes the oldest package first: 4 from the first, 1 from the second
    const placed = await from.t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(joint, '1', 5)], [...byName.values()]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const done = await from.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);

    const csv = await from.exportCsv();
    const row = readCsv(csv).find((r) => r.name === 'Classic Joint')!;
    expect(row).toMatchObject({
      stock: '9',
      metrcPackages: `${tag(2)}: 9`,
      metrcPackagesReceived: `${tag(2)}: 10`,
      metrcPackageItems: `${tag(2)}: Classic Joint: Metrc item 2`,
      metrcPackageFlavors: '',
    });
    expect(readCsv(csv).find((r) => r.name === 'Distillate Cart')).toMatchObject({
      metrcPackages: `${tag(3)}: 6`,
      metrcPackageFlavors: `${tag(3)}: Watermelon`,
    });

    const to = await shop(dialect, fake.env);
    try {
      const preview = await to.importCsv(csv, false);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().counts).toMatchObject({ update: 2, error: 0 });
      const applied = await to.importCsv(csv, true);
      expect(applied.statusCode, applied.body).toBe(200);

      const open = (list: ReceivedPackage[]) =>
        list
          .filter((p) => p.quantityRemaining > 0)
          .map(comparable)
          .sort((a, b) => a.tag.localeCompare(b.tag));
      expect(open(await to.packages())).toEqual(open(await from.packages()));
      const stockOf = async (t: TestApp) => {
        const products = await productsByName(t.app);
        return ['Classic Joint', 'Distillate Cart'].map((name) => {
          const p = products.get(name) as Product;
          return { stock: p.stock, flavorStocks: p.flavorStocks };
        });
      };
      expect(await stockOf(to.t)).toEqual(await stockOf(from.t));
      // and the fresh shop's export says the same again
      const columns = (text: string) =>
        readCsv(text).map((r) => METRC_PACKAGE_COLUMNS.map((c) => r[c]));
      expect(columns(await to.exportCsv())).toEqual(columns(csv));
      // importing the same file again changes nothing
      const again = await to.importCsv(csv, false);
      expect(again.json().counts).toMatchObject({ add: 0, update: 0, error: 0 });
    } finally {
      await to.t.dispose();
    }
  });

  it('refuses a file with a bad package, line by line, and imports nothing', async () => {
    const before = await from.packages();
    const rows = readCsv(await from.exportCsv());
    const edited = rows.map((r) => {
      if (r.name === 'Shatter')
        return {
          ...r,
          stock: '3',
          metrcPackages: `ABC123: 3; ${tag(20)}: 8`,
          metrcPackagesReceived: `${tag(20)}: 5`,
          metrcPackageItems: `ABC123: Shatter; ${tag(20)}: Shatter 1g`,
        };
      // a package of another product, named here
      if (r.name === 'Blue Dream') return { ...r, metrcPackages: `${tag(2)}: 9` };
      return r;
    });
    const answer = await from.importCsv(stringify(edited, { header: true }), true);
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.code).toBe('CATALOG_IMPORT_INVALID');
    const shatterLine = rows.findIndex((r) => r.name === 'Shatter') + 2;
    const dreamLine = rows.findIndex((r) => r.name === 'Blue Dream') + 2;
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          line: shatterLine,
          column: 'metrcPackages',
          message: 'ABC123: must be the 24 letters and digits on the tag',
        },
        {
          line: shatterLine,
          column: 'metrcPackages',
          message: `${tag(20)}: must be between 0 and 5, what the package arrived with`,
        },
        {
          line: dreamLine,
          column: 'metrcPackages',
          message: `${tag(2)}: was received for Classic Joint`,
        },
      ]),
    );
    expect(await from.packages()).toEqual(before);
    expect((await productsByName(from.t.app)).get('Shatter')!.stock).not.toBe(3);
  });

  it('takes a count that leaves a package holding less, never more', async () => {
    const rows = readCsv(await from.exportCsv());
    const withCount = (left: number) =>
      stringify(
        rows.map((r) =>
          r.name === 'Classic Joint'
            ? { ...r, stock: String(Math.min(left, 9)), metrcPackages: `${tag(2)}: ${left}` }
            : r,
        ),
        { header: true },
      );
    const more = await from.importCsv(withCount(12), true);
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toContainEqual(
      expect.objectContaining({
        column: 'metrcPackages',
        message: `${tag(2)}: must be between 0 and 9: a package never gains stock`,
      }),
    );
    const less = await from.importCsv(withCount(7), true);
    expect(less.statusCode, less.body).toBe(200);
    const pkg = (await from.packages()).find((p) => p.tag === tag(2))!;
    expect(pkg.quantityRemaining).toBe(7);
    expect((await productsByName(from.t.app)).get('Classic Joint')!.stock).toBe(7);
  });
});

describe.each(BACKENDS)('the catalog CSV without Metrc on %s', (dialect) => {
  let plain: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    plain = await shop(dialect, {});
  });
  afterAll(() => plain.t.dispose());

  it('imports a file without package columns as before', async () => {
    const rows = readCsv(await plain.exportCsv()).map((r) => {
      const kept = { ...r };
      for (const column of METRC_PACKAGE_COLUMNS) delete kept[column];
      return r.name === 'Shatter' ? { ...kept, stock: '77' } : kept;
    });
    const applied = await plain.importCsv(stringify(rows, { header: true }), true);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().counts).toMatchObject({ update: 1, error: 0 });
    expect((await productsByName(plain.t.app)).get('Shatter')!.stock).toBe(77);
    expect(await plain.packages()).toEqual([]);
  });
});
