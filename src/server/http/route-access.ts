import type { RouteOptions } from 'fastify';

/** The cookie that carries a member of staff's session. */
export const DEALER_COOKIE = 'canopy_dealer';

export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Dealer-only unless declared otherwise: writes need `config.public` to be open. */
export function isStaffRoute(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): boolean {
  const config = (route.config ?? {}) as { staffOnly?: boolean; public?: boolean };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!route.url.startsWith('/api/')) return false;
  if (config.staffOnly) return true;
  return methods.some((m) => !READ_METHODS.has(m)) && !config.public;
}
