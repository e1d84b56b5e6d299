import { isIP } from 'node:net';

/**
 * Which peers may set `X-Forwarded-*` (TRUST_PROXY): nobody, the nearest
 * `hops` proxies, or the listed proxy addresses and ranges.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

export const TRUST_PROXY_FORMS =
  'must be false, true (1 hop), a hop count or a comma-separated list of proxy addresses';

/** Parses the variable's text; null when it is not one of the documented forms. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  // `true` trusts the one proxy in front of the shop, not every hop a client can add.
  if (['true', 'yes'].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? { hops } : null;
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  return addresses.every(isProxyAddress) ? { addresses } : null;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** The form Fastify's `trustProxy` option takes. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    // Fastify reads a bare number as "trust nobody", so the count is given as a function.
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}
