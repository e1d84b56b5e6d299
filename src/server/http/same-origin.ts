import type { FastifyRequest } from 'fastify';

/**
 * True when a request names its source page (Origin, else Referer) and that
 * page is on another host than the one the request was sent to. Requests that
 * name no source (curl, server-to-server) are not browser pages of another site.
 * The one rule for cookie-authenticated API writes and for `/ws` upgrades.
 */
export function comesFromAnotherSite(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  try {
    return new URL(source).host !== request.host;
  } catch {
    return true;
  }
}
