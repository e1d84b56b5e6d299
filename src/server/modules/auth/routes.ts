import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, parseInput } from '../../http/errors';
import { currentDealer, DEALER_COOKIE } from './guard';
import { createLoginThrottle } from './login-throttle';
import { logIn, logOut } from './service';

const loginBody = z.object({
  username: z.string({ message: 'is required' }).trim().min(1, 'is required').max(64),
  password: z.string({ message: 'is required' }).min(1, 'is required').max(256),
});

export const INVALID_LOGIN = 'Invalid username or password';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const throttle = createLoginThrottle();

  app.post('/api/auth/login', { config: { public: true } }, async (request, reply) => {
    const { username, password } = parseInput(loginBody, request.body);
    const keys = [`user:${username.toLowerCase()}`, `ip:${request.ip}`];
    const wait = throttle.retryAfterSeconds(keys);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, { error: 'Too many failed logins. Please try again later.' });
    }
    const session = await logIn(app.db.kysely, username, password);
    if (!session) {
      throttle.recordFailure(keys);
      throw new HttpError(401, { error: INVALID_LOGIN });
    }
    throttle.clear([`user:${username.toLowerCase()}`]);
    setDealerCookie(request, reply, session.token);
    return { authenticated: true, username: session.dealer.username };
  });

  app.post('/api/auth/logout', { config: { public: true } }, async (request, reply) => {
    await logOut(app.db.kysely, request.cookies[DEALER_COOKIE]);
    reply.clearCookie(DEALER_COOKIE, { path: '/' });
    return { authenticated: false, username: null };
  });

  app.get('/api/auth/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const dealer = await currentDealer(app, request);
    return { authenticated: Boolean(dealer), username: dealer?.username ?? null };
  });
}

function setDealerCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  // No maxAge: the cookie ends with the browser session; the server ends it after 12 h regardless.
  reply.setCookie(DEALER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
