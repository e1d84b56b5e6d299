import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../random-token';

export const SHOPPER_COOKIE = 'canopy_shopper';
const VALID_ID = /^[A-Za-z0-9_-]{22,64}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function shopperIdOf(request: FastifyRequest): string | null {
  const id = request.cookies[SHOPPER_COOKIE];
  return id && VALID_ID.test(id) ? id : null;
}

/** The anonymous shopper's id, created on first need (first order or chat). */
export function ensureShopperId(request: FastifyRequest, reply: FastifyReply): string {
  const existing = shopperIdOf(request);
  if (existing) return existing;
  const id = newShopperId();
  reply.setCookie(SHOPPER_COOKIE, id, shopperCookieOptions(request.protocol === 'https'));
  return id;
}

export function newShopperId(): string {
  return randomToken(18);
}

export function shopperCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_S } as const;
}
