import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY forms', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8', { addresses: ['10.0.0.0/8'] }],
    ['10.0.0.0/8, 192.168.1.4 ,::1', { addresses: ['10.0.0.0/8', '192.168.1.4', '::1'] }],
    ['loopback,fd00::/8', { addresses: ['loopback', 'fd00::/8'] }],
  ])('13.6 reads %j', (text, expected) => {
    expect(parseTrustProxy(text)).toEqual(expected);
  });

  it.each(['maybe', '10.0.0.0/33', '10.0.0', '11', '10.0.0.0/8,', '1.2.3.4/8/1', '-1'])(
    '13.6 refuses %j',
    (text) => {
      expect(parseTrustProxy(text)).toBeNull();
    },
  );
});

describe('13.6 client address behind a proxy', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.dispose());

  /**
   * 21 wrong logins, each for another username and with another client-set
   * X-Forwarded-For entry: answers 429 on the 21st only if all came from one address.
   */
  async function spoofedLogins(remoteAddress: string, realClient: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `6.6.${i}.6, ${realClient}` },
        payload: { username: `user${i}-${realClient}`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }
  const FROM_ONE_ADDRESS = [...Array(20).fill(401), 429];

  it('13.6 with TRUST_PROXY=1 a client-set X-Forwarded-For does not choose the address', async () => {
    t = await createTestApp('sqlite', { seed: false, env: { TRUST_PROXY: '1' } });
    // the proxy appends the real client, the spoofed entries are to its left
    expect(await spoofedLogins('127.0.0.1', '203.0.113.7')).toEqual(FROM_ONE_ADDRESS);
  });

  it('13.6 with TRUST_PROXY=true only the nearest proxy is trusted', async () => {
    t = await createTestApp('sqlite', { seed: false, env: { TRUST_PROXY: 'true' } });
    expect(await spoofedLogins('127.0.0.1', '203.0.113.7')).toEqual(FROM_ONE_ADDRESS);
  });

  it('13.6 with a proxy list, a peer outside it is its own client address', async () => {
    t = await createTestApp('sqlite', { seed: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
    expect(await spoofedLogins('10.1.2.3', '203.0.113.8')).toEqual(FROM_ONE_ADDRESS);
    // a direct client outside the list: its X-Forwarded-For is ignored, so it is throttled as itself
    expect(await spoofedLogins('198.51.100.4', '198.51.100.5')).toEqual(FROM_ONE_ADDRESS);
  });
});
