import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite';

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "script-src-attr 'none'",
].sort();

const directives = (policy: unknown) => String(policy).split(';').sort();

describe('security headers', () => {
  const t = appPerSuite('sqlite', { seed: false });

  it('come on every answer: a page, the API, a refusal and a 404, with the same policy each time', async () => {
    const answers = [
      await t.app.inject('/'),
      await t.app.inject('/api/products'),
      await t.app.inject('/api/contact-messages'),
      await t.app.inject('/api/no-such-thing'),
      await t.app.inject('/api/products'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 200]);
    for (const answer of answers) {
      expect(directives(answer.headers['content-security-policy'])).toEqual(POLICY);
      expect(answer.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
      // over plain HTTP: HSTS only behind HTTPS (http-edges.test.ts)
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
