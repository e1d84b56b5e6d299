import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { dealerPerSuite } from '../../../../test/suite';
import { CATALOG_CSV_COLUMNS, type CatalogImportResult } from '../../../shared/catalog-csv';
import type { Product } from '../../../shared/schemas/products';

type Cells = Record<string, string>;

/** Rows of a CSV as objects by header name. */
const readCsv = (csv: string): Cells[] => parse(csv, { bom: true, columns: true });

describe.each(BACKENDS)('catalog CSV on %s', (dialect) => {
  const dealer = dealerPerSuite(dialect);
  const { t, send, events } = dealer;

  const catalog = async () =>
    (await t.app.inject('/api/products')).json<Product[]>().sort((a, b) => a.id - b.id);
  const exportCsv = async () => {
    const res = await t.app.inject({
      url: '/api/products/export.csv',
      headers: { cookie: dealer.cookie() },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const importCsv = (csv: string, apply = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import${apply ? '?apply=true' : ''}`,
      payload: csv,
      headers: { cookie: dealer.cookie(), 'content-type': 'text/csv' },
    });
  /** Turns rows back into CSV text with the given header (a hand-made file, not the exporter). */
  const toCsv = (header: readonly string[], rows: Cells[]) =>
    [header, ...rows.map((row) => header.map((c) => row[c] ?? ''))]
      .map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
      .join('\r\n');

  it('18.5 export has one row per product with every field, flavors and media as readable lists', async () => {
    const res = await t.app.inject({
      url: '/api/products/export.csv',
      headers: { cookie: dealer.cookie() },
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="canopy-catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const products = await catalog();
    const rows = readCsv(res.body);
    expect(Object.keys(rows[0])).toEqual([...CATALOG_CSV_COLUMNS]);
    expect(rows.map((r) => Number(r.id))).toEqual(products.map((p) => p.id));
    const cart = rows.find((r) => r.name === 'Distillate Cart')!;
    const stored = products.find((p) => p.name === 'Distillate Cart')!;
    expect(cart).toMatchObject({
      category: 'concentrates',
      subcategory: 'vape-carts',
      price: '30.00',
      salePrice: '25.00',
      priceQuarter: '',
      featured: String(stored.featured),
      flavors: 'Watermelon; Lemon OG',
      flavorStrains: 'Watermelon: Hybrid; Lemon OG: Sativa',
      flavorStocks: 'Watermelon: 20; Lemon OG: 15',
      stock: '35',
      media: stored.media.join('; '),
      createdAt: stored.createdAt,
    });
    expect(stored.media.length).toBeGreaterThan(0);
  });

  it('18.5 export then import of the unchanged file changes nothing', async () => {
    const before = await catalog();
    const csv = await exportCsv();
    const preview = await importCsv(csv);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<CatalogImportResult>()).toMatchObject({
      applied: false,
      counts: { add: 0, update: 0, skip: before.length, error: 0 },
      errors: [],
    });
    events.length = 0;
    const applied = await importCsv(csv, true);
    expect(applied.statusCode).toBe(200);
    expect(applied.json<CatalogImportResult>().counts).toEqual({
      add: 0,
      update: 0,
      skip: before.length,
      error: 0,
    });
    expect(await catalog()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('18.5 formula cells (= + - @) are escaped on export and read back as they were', async () => {
    const created = await send('POST', '/api/products', {
      name: '=HYPERLINK("http://evil.example","Click")',
      category: 'edibles',
      description: '@SUM(A1:A9) +1 -2',
      price: 12,
      stock: 3,
      flavors: ['-Minus', '+Plus'],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    const csv = await exportCsv();
    const row = readCsv(csv).find((r) => r.id === String(product.id))!;
    expect(row.name).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row.description).toBe(`'@SUM(A1:A9) +1 -2`);
    expect(row.flavors).toBe(`'-Minus; +Plus`);
    expect(row.flavorStrains).toBe(`'-Minus: Hybrid; +Plus: Hybrid`);
    const preview = (await importCsv(csv)).json<CatalogImportResult>();
    expect(preview.rows.find((r) => r.id === product.id)).toMatchObject({
      action: 'skip',
      name: product.name,
    });
    expect(preview.counts.update).toBe(0);
  });

  it('18.5 a file with bad rows changes nothing and names every error by line and column', async () => {
    const before = await catalog();
    const rows = readCsv(await exportCsv());
    const header = [...CATALOG_CSV_COLUMNS];
    const edited: Cells[] = [
      { ...rows[0], price: '99.00' }, // line 2: a good update
      { ...rows[1], price: '-1', description: 'two\nlines' }, // line 3 (and 4)
      { ...rows[2], category: 'gadgets' }, // line 5
      { ...rows[3], id: '999999' }, // line 6
      { ...rows[4], flavorStocks: 'Mango', featured: 'maybe' }, // line 7
      { ...rows[5], id: '', name: 'Brand New Gummies', createdAt: '' }, // line 8: a good add
      { ...rows[6], id: rows[0].id }, // line 9: the same product twice
    ];
    const csv = toCsv(header, edited);
    const preview = await importCsv(csv);
    expect(preview.statusCode).toBe(200);
    const result = preview.json<CatalogImportResult>();
    expect(result.counts).toEqual({ add: 1, update: 1, skip: 0, error: 5 });
    expect(result.rows.map((r) => [r.line, r.action])).toEqual([
      [2, 'update'],
      [3, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'add'],
      [9, 'error'],
    ]);
    expect(result.errors).toEqual([
      { line: 3, column: 'price', message: 'must be at least 0' },
      { line: 5, column: 'category', message: 'Category not found: gadgets' },
      {
        line: 6,
        column: 'id',
        message: 'No product has id 999999; leave the id empty to add it as a new product',
      },
      {
        line: 7,
        column: 'flavorStocks',
        message: '"Mango" needs a flavor and a value, like "Mango: 4"',
      },
      { line: 7, column: 'featured', message: 'must be true or false' },
      { line: 9, column: 'id', message: `Product ${rows[0].id} is also on line 2` },
    ]);

    events.length = 0;
    const refused = await importCsv(csv, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Nothing was imported: the file has 6 problems',
      code: 'CATALOG_IMPORT_INVALID',
      applied: false,
      errors: result.errors,
    });
    expect(await catalog()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('18.5 an applied import adds and updates in one go; columns left out keep their values', async () => {
    const before = await catalog();
    const [first, second] = before;
    const csv = toCsv(
      ['id', 'name', 'category', 'price', 'stock', 'flavors'],
      [
        {
          id: String(first.id),
          name: first.name,
          category: first.category,
          price: '7.50',
          stock: '4',
        },
        {
          id: '',
          name: 'Imported Mints',
          category: 'edibles',
          price: '5',
          stock: '',
          flavors: 'Peppermint; Spearmint',
        },
        {
          id: String(second.id),
          name: second.name,
          category: second.category,
          price: second.price.toFixed(2),
          stock: String(second.stock),
        },
      ],
    );
    events.length = 0;
    const res = await importCsv(csv, true);
    expect(res.statusCode).toBe(200);
    const result = res.json<CatalogImportResult>();
    expect(result).toMatchObject({
      applied: true,
      counts: { add: 1, update: 1, skip: 1, error: 0 },
    });
    const after = await catalog();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((p) => p.id === first.id)).toEqual({ ...first, price: 7.5, stock: 4 });
    const added = after.find((p) => p.name === 'Imported Mints')!;
    expect(result.rows[1]).toMatchObject({ line: 3, action: 'add', id: added.id });
    expect(added).toMatchObject({
      flavors: ['Peppermint', 'Spearmint'],
      flavorStrains: { Peppermint: 'Hybrid', Spearmint: 'Hybrid' },
      stock: 0,
      featured: false,
      strain: 'none',
    });
    expect(events.sort()).toEqual(['product-created', 'product-updated']);
  });

  it('18.5 a CSV sent as a multipart file is read the same way', async () => {
    const csv = await exportCsv();
    const boundary = 'canopyboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="catalog.csv"',
      'Content-Type: text/csv',
      '',
      csv,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload,
      headers: {
        cookie: dealer.cookie(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const products = await catalog();
    expect(res.json<CatalogImportResult>().counts).toEqual({
      add: 0,
      update: 0,
      skip: products.length,
      error: 0,
    });
  });

  it('18.5 a header with an unknown column or a file that is not CSV is refused as a whole', async () => {
    const unknown = (await importCsv('name,prce\nMints,4\n')).json<CatalogImportResult>();
    expect(unknown.errors).toEqual([
      {
        line: 1,
        column: 'prce',
        message: `Unknown column; the columns are ${CATALOG_CSV_COLUMNS.join(', ')}`,
      },
    ]);
    expect(unknown.rows).toEqual([]);
    const broken = (await importCsv('name,price\n"Mints,4\n')).json<CatalogImportResult>();
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0].message).toMatch(/^This is not valid CSV: /);
    const empty = (await importCsv('')).json<CatalogImportResult>();
    expect(empty.errors).toEqual([{ line: 1, column: null, message: 'The file is empty' }]);
  });

  it('18.5 export and import need the dealer session', async () => {
    const exported = await t.app.inject('/api/products/export.csv');
    expect(exported.statusCode).toBe(401);
    expect(exported.json()).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });
    const before = await catalog();
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?apply=true',
      payload: 'id,name,category,price,stock\n,Sneaky,edibles,1,1\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.statusCode).toBe(401);
    expect(await catalog()).toEqual(before);
  });
});
