import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PRODUCT_ID_ANSWER } from '../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../test/harness';
import { ensureDealer } from '../modules/auth/service';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi';

const DEALER = { username: 'docs-dealer', password: 'a-long-dealer-password' };

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
  security?: Record<string, string[]>[];
}
interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, unknown>;
  items?: Schema;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, unknown>;
  };
}

/** Writes that take no payload: everything they need is in the path or the cookie. */
const BODYLESS_WRITES = [
  'POST /api/auth/logout',
  'POST /api/chat/sessions/:sessionId/read',
  'POST /api/chat/sessions/:sessionId/spam',
];

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(BACKENDS)('API document on %s', (dialect) => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const res = await t.app.inject(OPENAPI_PATH);
    expect(res.statusCode).toBe(200);
    doc = res.json();
    await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEALER });
    cookie = `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
  });
  afterAll(() => t?.dispose());

  const operationOf = (route: { method: string; url: string }) =>
    doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  const apiRoutes = () => t.app.routeTable;
  const schemaOf = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    return doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
  };

  it('18.3 lists every /api route of the route table, with its method, in an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(35);
    // the reference's own pages are served but are not API calls
    expect(routes.filter((r) => r.url === OPENAPI_PATH || r.url.startsWith(DOCS_PREFIX))).toEqual(
      [],
    );
    const missing = routes
      .filter((route) => !operationOf(route))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // the document lists nothing that is not a route (no SPA, media or websocket paths)
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(documented.filter((op) => !served.has(op))).toEqual([]);
  });

  it('18.3 gives every route its request schemas (path parameters, query, JSON body) and a success answer', () => {
    for (const route of apiRoutes()) {
      const op = operationOf(route)!;
      const label = `${route.method} ${route.url}`;
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), label).toEqual(pathParams.sort());
      const success = Object.keys(op.responses).filter((code) => /^2\d\d$/.test(code));
      expect(success, label).not.toEqual([]);
      for (const code of success) {
        if (code === '204') continue;
        const content = op.responses[code].content;
        // the exports are spreadsheets and the receipt a printable page, not JSON
        const media = route.url.endsWith('.csv')
          ? 'text/csv'
          : route.url.endsWith('/receipt')
            ? 'text/html'
            : 'application/json';
        expect(content?.[media]?.schema, `${label} ${code}`).toBeDefined();
      }
      if (BODYLESS_WRITES.includes(label)) expect(op.requestBody, label).toBeUndefined();
      else if (['POST', 'PUT', 'PATCH'].includes(route.method))
        expect(op.requestBody?.content, label).toBeDefined();
    }
    const query = doc.paths['/api/products/newest'].get.parameters ?? [];
    expect(query).toContainEqual(expect.objectContaining({ in: 'query', name: 'days' }));
    const upload = doc.paths['/api/upload/product-media'].post.requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
  });

  it('18.3 describes the payloads field by field from the shared schemas', () => {
    const create = doc.paths['/api/products'].post;
    const body = schemaOf(create.requestBody!.content['application/json'].schema);
    expect(Object.keys(body.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'category', 'price', 'stock', 'flavors', 'flavorStocks']),
    );
    const product = schemaOf(create.responses['201'].content!['application/json'].schema);
    expect(Object.keys(product.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'createdAt', 'salePriceOunce', 'flavorStrains']),
    );
    const order = doc.paths['/api/orders/simple'].post;
    const placement = schemaOf(order.requestBody!.content['application/json'].schema);
    expect(Object.keys(placement.properties ?? {})).toEqual(
      expect.arrayContaining(['customer', 'address', 'phone', 'items', 'orderType']),
    );
    const list = doc.paths['/api/orders'].get.responses['200'].content!['application/json'];
    expect(list.schema.type).toBe('array');
    expect(Object.keys(schemaOf(list.schema.items!).properties ?? {})).toContain('deliveryFee');
    const refused = doc.paths['/api/products/{id}'].patch.responses['400'].content!;
    expect(Object.keys(schemaOf(refused['application/json'].schema).properties ?? {})).toEqual(
      expect.arrayContaining(['error', 'errors', 'formattedErrors']),
    );
  });

  it('18.3 marks exactly the dealer routes as needing the session cookie', () => {
    expect(doc.components.securitySchemes.dealerSession).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'canopy_dealer',
    });
    for (const route of apiRoutes()) {
      const op = operationOf(route)!;
      const label = `${route.method} ${route.url}`;
      expect(op.security ?? [], label).toEqual(route.staffOnly ? [{ dealerSession: [] }] : []);
      if (route.staffOnly) expect(op.responses['401'], label).toBeDefined();
    }
    expect(apiRoutes().filter((r) => r.staffOnly).length).toBeGreaterThan(15);
  });

  it('18.3 answers a payload that misses its schema with the field errors, before the handler runs', async () => {
    const badId = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/abc/featured',
      headers: { cookie },
      payload: { featured: 'yes' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual(INVALID_PRODUCT_ID_ANSWER);
    const product = (await t.app.inject('/api/products')).json<{ id: number }[]>()[0];
    const badBody = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/featured`,
      headers: { cookie },
      payload: { featured: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({
      error: 'Invalid featured status',
      errors: [{ path: 'featured', message: 'must be true or false' }],
    });
    // a flavor name with a slash keeps its own path segment
    const flavors = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: {
        name: 'Slash Kush',
        category: 'flower',
        price: 40,
        flavors: ['Blue/Dream'],
        flavorStocks: { 'Blue/Dream': 1.3 },
      },
    });
    expect(flavors.statusCode).toBe(400);
    expect(flavors.json().errors).toEqual([
      { path: 'flavorStocks.Blue/Dream', message: 'must be a multiple of 0.5 grams' },
    ]);
  });

  it('18.3 answers an anonymous dealer call 401 whatever its payload', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/abc/featured',
      payload: { featured: 'yes' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });
  });

  it('18.3 serves the reference page from its own assets, under the same security headers', async () => {
    const page = await t.app.inject(`${DOCS_PREFIX}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, 'no external or protocol-relative URL').not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject(new URL(asset, `http://shop.test${DOCS_PREFIX}/`).pathname);
      expect(res.statusCode, asset).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const json = await t.app.inject(`${DOCS_PREFIX}/json`);
    expect(json.json().paths['/api/products']).toBeDefined();
  });
});
