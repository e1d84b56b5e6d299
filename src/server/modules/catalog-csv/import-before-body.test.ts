import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

/**
 * A dealer route answers a caller without a session when the request arrives,
 * before its body is read. The test sends the first 64 KB of a 5 MB import and holds the rest:
 * the answer must come while the body is still unfinished.
 */
describe('a large body from nobody', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.dispose());

  it.each([
    ['/api/products/import', 'text/csv'],
    ['/api/upload/product-media', 'multipart/form-data; boundary=x'],
  ])('POST %s answers 401 before the 5 MB body has been sent', async (path, type) => {
    const size = 5 * 1024 * 1024;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { 'content-type': type, 'content-length': String(size) },
    });
    req.on('error', () => {});
    const answered = new Promise<{ status: number; body: string }>((resolve) =>
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }),
    );
    req.write(Buffer.alloc(64 * 1024, 'a'));
    const { status, body } = await answered;
    expect(req.writableEnded).toBe(false);
    expect(status).toBe(401);
    expect(JSON.parse(body)).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });
    req.destroy();
  });
});
