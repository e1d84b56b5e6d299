import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { type UploadFile, upload } from '../../../../test/uploads';
import type { CatalogImportResult } from '../../../shared/catalog-csv';
import { potencyBadge } from '../../../shared/product-facts';
import {
  PRODUCT_FACT_NUMBER_FIELDS,
  PRODUCT_FACT_TEXT_FIELDS,
} from '../../../shared/product-fields';
import { type Product, productSchema } from '../../../shared/schemas/products';
import { productFormFrom, productFormSchema } from '../../../web/features/inventory/product-form';
import { certificatePdf } from '../../db/seed/demo-facts';
import { OPENAPI_PATH } from '../../http/openapi';

/** The facts a gummy pack states, as the dealer would type them. */
const GUMMY_FACTS = {
  brand: 'Kiva',
  potencyUnit: 'mg',
  thc: 100,
  thcPerServing: 10,
  cbd: 20,
  cbdPerServing: 2,
  servingName: 'piece',
  netAmount: 50,
  netUnit: 'g',
  effects: ['happy', 'relaxed'],
  labName: 'SC Labs',
  labTestedOn: '2026-10-14',
} as const;

const gummyBody = {
  name: 'Facts Gummies',
  category: 'edibles',
  subcategory: 'gummies',
  price: 18,
  stock: 12,
  strain: 'none',
  ...GUMMY_FACTS,
};

const PDF = certificatePdf(['Product: Facts Gummies', 'Total THC: 100 mg']);

describe('product facts through the product form', () => {
  it('reads back from a stored product into the same body', () => {
    const stored = productSchema.parse({ ...gummyBody, labDocument: '/media/lab.pdf' });
    const product: Product = { ...stored, id: 1, createdAt: '2026-11-01T00:00:00.000Z' };
    const body = productFormSchema.parse(productFormFrom(product));
    expect(body).toMatchObject({ ...GUMMY_FACTS, labDocument: '/media/lab.pdf' });
    expect(potencyBadge(body)).toBe('10 mg/piece');
  });

  it('names the field at fault for facts that do not agree', () => {
    const problemsOf = (body: object) =>
      Object.fromEntries(
        (productSchema.safeParse(body).error?.issues ?? []).map((i) => [
          i.path.join('.'),
          i.message,
        ]),
      );
    expect(problemsOf({ ...gummyBody, potencyUnit: '%', thc: 124, netUnit: null })).toEqual({
      thc: 'must be at most 100%',
      thcPerServing: 'only milligram potency has a per-serving amount',
      cbdPerServing: 'only milligram potency has a per-serving amount',
      netUnit: 'Choose a unit for the net size',
      labDocument: 'Upload the lab document the lab name and date belong to',
    });
    expect(
      problemsOf({
        ...gummyBody,
        labDocument: '/media/lab.pdf',
        effects: ['happy', 'relaxed', 'sleepy', 'focused', 'creative', 'hungry'],
        labTestedOn: '2026-02-30',
      }),
    ).toEqual({
      effects: 'can list at most 5 effects',
      labTestedOn: 'must be a date like 2026-11-30',
    });
  });
});

describe.each(BACKENDS)('product facts on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ cookie, send } = await dealerClient(t));
  });
  afterAll(() => t.dispose());

  const uploadLab = (files: UploadFile[], withSession = true) =>
    upload(t.app, '/api/upload/lab-document', files, withSession ? cookie : undefined);

  it('uploads a lab PDF checked by its content, and refuses anything else', async () => {
    const ok = await uploadLab([{ filename: 'coa.pdf', type: 'application/pdf', data: PDF }]);
    expect(ok.statusCode).toBe(200);
    const [url] = ok.json<{ urls: string[] }>().urls;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.pdf$/);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);

    const renamed = await uploadLab([
      { filename: 'coa.pdf', type: 'application/pdf', data: Buffer.from('<html>not a pdf</html>') },
    ]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      code: 'UPLOAD_UNSUPPORTED_TYPE',
      message: 'Unsupported file type: coa.pdf',
    });
    const cut = await uploadLab([
      { filename: 'cut.pdf', type: 'application/pdf', data: PDF.subarray(0, PDF.length - 20) },
    ]);
    expect(cut.json().code).toBe('UPLOAD_UNSUPPORTED_TYPE');
    const two = await uploadLab([
      { filename: 'a.pdf', type: 'application/pdf', data: PDF },
      { filename: 'b.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Too many files: at most 1 at once');
    const shopper = await uploadLab(
      [{ filename: 'coa.pdf', type: 'application/pdf', data: PDF }],
      false,
    );
    expect(shopper.statusCode).toBe(401);
  });

  it('round-trips every fact through the API: create, read, patch, clear', async () => {
    const upload = await uploadLab([{ filename: 'coa.pdf', type: 'application/pdf', data: PDF }]);
    const labDocument = upload.json<{ urls: string[] }>().urls[0];
    const created = await send('POST', '/api/products', { ...gummyBody, labDocument });
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    expect(product).toMatchObject({ ...GUMMY_FACTS, labDocument });
    const read = (await t.app.inject(`/api/products/${product.id}`)).json<Product>();
    expect(read).toEqual(product);

    const patched = await send('PATCH', `/api/products/${product.id}`, {
      brand: 'Wyld',
      thcPerServing: '5',
      effects: ['Sleepy'],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      brand: 'Wyld',
      thcPerServing: 5,
      effects: ['sleepy'],
      thc: 100,
    });

    // every fact left blank: '' as the form's inputs send it, or null as an API client may
    const blank = Object.fromEntries(
      [...PRODUCT_FACT_TEXT_FIELDS, ...PRODUCT_FACT_NUMBER_FIELDS].map((field) => [field, '']),
    );
    const cleared = await send('PATCH', `/api/products/${product.id}`, {
      ...blank,
      thcPerServing: null,
      cbd: null,
      cbdPerServing: null,
      effects: [],
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      brand: null,
      potencyUnit: null,
      thc: null,
      netAmount: null,
      effects: [],
      labDocument: null,
    });
  });

  it('refuses facts that do not agree with the field errors', async () => {
    const res = await send('POST', '/api/products', {
      ...gummyBody,
      potencyUnit: null,
      effects: ['happy', 'dizzy'],
      labDocument: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['potencyUnit', 'effects.1', 'labDocument']));
  });

  it('gives every demo product a brand, and every cannabis one a potency', async () => {
    const products = (await t.app.inject('/api/products'))
      .json<Product[]>()
      .filter((p) => !p.name.startsWith('Facts'));
    expect(products.filter((p) => !p.brand).map((p) => p.name)).toEqual([]);
    const cannabis = products.filter((p) => p.cannabis);
    expect(cannabis.every((p) => potencyBadge(p) !== null)).toBe(true);
    expect(new Set(cannabis.map((p) => p.brand)).size).toBeGreaterThan(8);
    const gummies = products.find((p) => p.name === 'Sour Watermelon Gummies');
    expect(gummies && potencyBadge(gummies)).toBe('10 mg/piece');
    const lab = products.find((p) => p.labDocument)!;
    const pdf = await t.app.inject(lab.labDocument!);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
  });

  it('exports the facts to the catalog CSV and imports them back', async () => {
    const res = await send('POST', '/api/products', {
      ...gummyBody,
      name: 'Facts Gummies 2',
      labDocument: '/media/coa.pdf',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<Product>();
    const exported = await t.app.inject({
      url: '/api/products/export.csv',
      headers: { cookie },
    });
    const rows: Record<string, string>[] = parse(exported.body, { bom: true, columns: true });
    const row = rows.find((r) => Number(r.id) === created.id)!;
    expect(row).toMatchObject({
      brand: 'Kiva',
      potencyUnit: 'mg',
      thc: '100',
      thcPerServing: '10',
      cbd: '20',
      cbdPerServing: '2',
      servingName: 'piece',
      netAmount: '50',
      netUnit: 'g',
      effects: 'happy; relaxed',
      labDocument: '/media/coa.pdf',
      labName: 'SC Labs',
      labTestedOn: '2026-10-14',
    });

    const header = ['id', 'brand', 'potencyUnit', 'thc', 'thcPerServing', 'effects', 'netUnit'];
    const csv = `${header.join(',')}\r\n${created.id},Wyld,MG,90,9,"Sleepy; calm",G\r\n`;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?apply=true',
      payload: csv,
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json<CatalogImportResult>().counts.update).toBe(1);
    const after = (await t.app.inject(`/api/products/${created.id}`)).json<Product>();
    expect(after).toMatchObject({
      brand: 'Wyld',
      potencyUnit: 'mg',
      thc: 90,
      thcPerServing: 9,
      effects: ['sleepy', 'calm'],
      netAmount: 50,
      netUnit: 'g',
      cbd: 20,
    });

    const bad = `id,effects,thc\r\n${created.id},sleepy; dizzy,lots\r\n`;
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: bad,
      headers: { cookie, 'content-type': 'text/csv' },
    });
    const errors = preview.json<CatalogImportResult>().errors.map((e) => e.column);
    expect(errors).toEqual(expect.arrayContaining(['effects', 'thc']));
  });

  it('describes the facts in the API document', async () => {
    const doc = (await t.app.inject(OPENAPI_PATH)).json();
    const product = doc.components.schemas.Product;
    for (const field of ['brand', 'potencyUnit', 'thc', 'thcPerServing', 'effects', 'labDocument'])
      expect(product.properties).toHaveProperty(field);
    expect(doc.paths['/api/upload/lab-document'].post).toBeDefined();
  });
});
