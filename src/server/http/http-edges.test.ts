import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { appPerSuite } from '../../../test/suite';

describe('13.15 slow requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false, env: { REQUEST_TIMEOUT_MS: '1000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.dispose());

  it('13.15 cuts off a body sent one byte at a time with 408, long before it is complete', async () => {
    const body = JSON.stringify({
      name: 'slow',
      email: 's@l.ow',
      phone: '1',
      message: 'x'.repeat(400),
    });
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    // the drip would take 40 s to finish; the server must hang up first
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]);
    }, 100);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(body.length);
  }, 30_000);
});

describe('13.17 HSTS', () => {
  const t = appPerSuite('sqlite', { seed: false, env: { TRUST_PROXY: '1' } });

  const hsts = async (headers: Record<string, string>, url = '/api/categories') =>
    (await t.app.inject({ url, headers, remoteAddress: '127.0.0.1' })).headers[
      'strict-transport-security'
    ];

  it('13.17 sends HSTS only when the request came over HTTPS', async () => {
    expect(await hsts({})).toBeUndefined();
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await hsts({ 'x-forwarded-proto': 'https' }, '/api/nothing-here')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await hsts({ 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  it('13.17 ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const direct = await createTestApp('sqlite', { seed: false });
    try {
      const res = await direct.app.inject({
        url: '/api/categories',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await direct.dispose();
    }
  });
});
