import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite';
import { sameSitePath } from './age-verified';

describe('GET /age-verified (the static age gate’s YES)', () => {
  const t = appPerSuite('sqlite', { seed: false, env: { TRUST_PROXY: '1' } });

  const visit = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/age-verified${query}`, headers, remoteAddress: '127.0.0.1' });

  it('sets the age cookie for the whole site for 400 days and goes back to next with 303', async () => {
    const res = await visit(`?next=${encodeURIComponent('/product/12')}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/product/12');
    expect(res.headers['cache-control']).toBe('no-store');
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/^canopy_age=1;/);
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=34560000');
    expect(setCookie).not.toContain('HttpOnly');
    expect(setCookie).not.toContain('Secure');
    expect(res.cookies).toEqual([
      expect.objectContaining({ name: 'canopy_age', value: '1', path: '/', maxAge: 34560000 }),
    ]);
  });

  it('keeps the query and fragment of a same-site next', async () => {
    const next = '/product/flower/indica/blue-dream?x=1&y=2#top';
    expect((await visit(`?next=${encodeURIComponent(next)}`)).headers.location).toBe(next);
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const res = await visit('?next=%2F', { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(303);
    expect([res.headers['set-cookie']].flat().join('\n')).toContain('Secure');
  });

  it.each([
    ['missing next', ''],
    ['empty next', '?next='],
    ['protocol-relative', `?next=${encodeURIComponent('//evil.example')}`],
    ['absolute URL', `?next=${encodeURIComponent('https://x')}`],
    ['backslash host', `?next=${encodeURIComponent('/\\x')}`],
    ['tab before the second slash', `?next=${encodeURIComponent('/\t/evil.example')}`],
    ['dot segment making //', `?next=${encodeURIComponent('/.//evil.example')}`],
    ['relative path', '?next=product%2F12'],
    ['javascript:', `?next=${encodeURIComponent('javascript:alert(1)')}`],
    ['repeated next', '?next=%2Fa&next=%2Fb'],
    ['too long', `?next=%2F${'a'.repeat(3000)}`],
  ])('%s: still sets the cookie, and goes to /', async (_case, query) => {
    const res = await visit(query);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.map((c) => `${c.name}=${c.value}`)).toEqual(['canopy_age=1']);
  });

  it('answers a path with characters a header cannot hold, percent-encoded', async () => {
    const res = await visit(`?next=${encodeURIComponent('/product/café €')}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/product/caf%C3%A9%20%E2%82%AC');
  });
});

describe('sameSitePath', () => {
  it.each([
    ['/', '/'],
    ['/cart', '/cart'],
    ['/a/../b', '/b'],
    ['/a\\b', '/a/b'],
    [undefined, '/'],
    ['', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['https://x', '/'],
    ['x', '/'],
  ])('%j -> %j', (next, expected) => {
    expect(sameSitePath(next)).toBe(expected);
  });
});
