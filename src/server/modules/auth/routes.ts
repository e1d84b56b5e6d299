import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginSchema, sessionResponse } from '../../../shared/schemas/auth';
import { ROLE_PERMISSIONS } from '../../../shared/staff';
import { published } from '../../events/publish';
import { HttpError } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { record } from '../audit/service';
import { currentStaff, DEALER_COOKIE } from './guard';
import { createLoginThrottle } from './login-throttle';
import { logIn, logOut, type StaffIdentity } from './service';

export const INVALID_LOGIN = 'Invalid username or password';
export const TOO_MANY_LOGINS = 'Too many failed logins. Please try again later.';
export const ACCOUNT_DISABLED = "This account is disabled. Ask the shop's owner.";

const answersSession = { response: { 200: sessionResponse } };

export async function authRoutes(app: ApiApp): Promise<void> {
  const throttle = createLoginThrottle({ counters: app.counters });
  const recordLogin = (
    request: FastifyRequest,
    action: 'login' | 'login failed',
    staff: StaffIdentity | null,
    username: string,
  ) =>
    record(app.db.kysely, {
      staff,
      username,
      action,
      entity: 'session',
      entityId: staff?.userId ?? null,
      address: request.ip,
    });

  const login = { config: { public: true }, schema: { body: loginSchema, ...answersSession } };
  app.post('/api/auth/login', login, async (request, reply) => {
    const { username, password } = request.body;
    const verdict = await throttle.begin(username, request.ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, { error: TOO_MANY_LOGINS, code: 'LOGIN_THROTTLED' });
    }
    const session = await logIn(app.db.kysely, username, password).catch(async (error) => {
      await verdict.attempt.released();
      throw error;
    });
    if (!session) {
      await verdict.attempt.failed();
      await recordLogin(request, 'login failed', null, username);
      throw new HttpError(401, { error: INVALID_LOGIN, code: 'INVALID_CREDENTIALS' });
    }
    await verdict.attempt.succeeded();
    if (session === 'disabled')
      throw new HttpError(403, { error: ACCOUNT_DISABLED, code: 'ACCOUNT_DISABLED' });
    setDealerCookie(request, reply, session.token);
    await recordLogin(request, 'login', session.staff, username);
    return sessionOf(session.staff);
  });

  const logout = { config: { public: true }, schema: answersSession };
  app.post('/api/auth/logout', logout, async (request, reply) => {
    published(app, await logOut(app.db.kysely, request.cookies[DEALER_COOKIE]));
    reply.clearCookie(DEALER_COOKIE, { path: '/' });
    return sessionOf(null);
  });

  app.get('/api/auth/session', { schema: answersSession }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sessionOf(await currentStaff(app, request));
  });
}

function sessionOf(staff: StaffIdentity | null) {
  if (!staff) return { authenticated: false, username: null };
  return {
    authenticated: true,
    username: staff.username,
    role: staff.role,
    firstName: staff.firstName,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
  };
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
