import { z } from 'zod';
import {
  AGE_COOKIE,
  AGE_VERIFIED_VALUE,
  PREFERENCE_COOKIE_MAX_AGE,
} from '../../shared/preference-cookies';
import type { ApiApp } from './openapi';

export const AGE_VERIFIED_PATH = '/age-verified';

/** Anything but one short string (missing, repeated, too long) means "no page to return to". */
const ageVerifiedQuery = z.object({
  next: z.string().max(2048).optional().catch(undefined),
});

const BASE = 'http://canopy.invalid';

/**
 * `next` when it is a path on this site, else `/`: it must start with `/` but not `//` or
 * `/\` (another host to a browser), and still be a path once a browser has read it (tabs and
 * newlines dropped, `\` read as `/`, dot segments resolved). The answer is the URL parser's
 * own percent-encoded serialization, so it is always a valid Location header.
 */
export function sameSitePath(next: string | undefined): string {
  if (!next || !isLocalPath(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === BASE && isLocalPath(path) ? path : '/';
}

function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * Decision 010: YES in the server's static age gate (a link, so it works with scripts off).
 * Sets the age cookie the page itself would set, then sends the shopper back with 303.
 */
export async function registerAgeVerified(app: ApiApp): Promise<void> {
  app.get(
    AGE_VERIFIED_PATH,
    { schema: { querystring: ageVerifiedQuery } },
    async (request, reply) => {
      reply.setCookie(AGE_COOKIE, AGE_VERIFIED_VALUE, {
        path: '/',
        sameSite: 'lax',
        maxAge: PREFERENCE_COOKIE_MAX_AGE,
        secure: request.protocol === 'https',
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(sameSitePath(request.query.next), 303);
    },
  );
}
