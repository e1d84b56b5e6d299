import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Permission, ROLE_LABELS, type StaffRole } from '../../../shared/staff';
import { HttpError } from '../../http/errors';
import { DEALER_COOKIE, isStaffRoute, READ_METHODS } from '../../http/route-access';
import { comesFromAnotherSite } from '../../http/same-origin';
import type { Actor } from '../audit/service';
import { type StaffIdentity, staffForToken } from './service';

export { DEALER_COOKIE, isStaffRoute } from '../../http/route-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a GET that only dealers may read */
    staffOnly?: boolean;
    /** a write that shoppers may make (every other /api write is dealer-only) */
    public?: boolean;
    /** what a staff route needs; a staff route without one is the owner's alone */
    permission?: Permission;
    /** its service writes the audit entry in the change's own transaction (see audit/service.ts) */
    auditedByService?: boolean;
  }
  interface FastifyRequest {
    staff: StaffIdentity | null;
  }
  interface FastifyInstance {
    /** every API call with its access, as the guard classified it (the reference pages aside) */
    routeTable: {
      method: string;
      url: string;
      staffOnly: boolean;
      /** for staff routes: what the route needs ('owner' when it declares nothing) */
      permission: Permission | 'owner' | null;
    }[];
  }
}

function mayUse(role: StaffRole, permission: Permission | 'owner'): boolean {
  return permission === 'owner' ? role === 'owner' : can(role, permission);
}

/** For a route whose payload decides what it needs beyond the route's own permission. */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (!request.staff || !mayUse(request.staff.role, permission)) throw forbidden(request);
}

function forbidden(request: FastifyRequest): HttpError {
  const role = request.staff ? ROLE_LABELS[request.staff.role].name : 'Shopper';
  return new HttpError(403, {
    error: `Your role (${role}) does not allow this.`,
    code: 'FORBIDDEN',
  });
}

/** Who makes a staff request's changes, for the audit trail its service writes. */
export function actorOf(request: FastifyRequest): Actor {
  return { staff: request.staff, address: request.ip };
}

export async function currentStaff(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<StaffIdentity | null> {
  const token = request.cookies[DEALER_COOKIE];
  return staffForToken(app.db.kysely, token);
}

/**
 * Guards the whole API in one place: every route is classified when it is
 * added, so a new dealer route is protected without remembering to say so.
 */
export const dealerGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staff', null);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const staffOnly = isStaffRoute(route);
    const permission = staffOnly ? (route.config?.permission ?? 'owner') : null;
    // hidden routes are the API reference's own pages and assets, not API calls
    if (route.url.startsWith('/api/') && !route.schema?.hide) {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          app.routeTable.push({ method, url: route.url, staffOnly, permission });
      }
    }
    if (!staffOnly || !permission) return;
    // On the request's arrival, before its body is read (a 5 MB import from nobody is answered
    // 401 at once, not after it has been received) or validated (nobody learns the payload's shape).
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [
      async (request: FastifyRequest) => {
        request.staff = await currentStaff(app, request);
        if (!request.staff)
          throw new HttpError(401, { error: 'Dealer login required', code: 'UNAUTHORIZED' });
        if (!mayUse(request.staff.role, permission)) throw forbidden(request);
      },
      ...existing,
    ];
  });
});

/**
 * Cookie-authenticated writes must come from this site: a foreign Origin (or
 * Referer when no Origin is sent) is refused. Every write is checked, whatever
 * its path: the router decodes `/%61pi/...` to `/api/...`, so a rule on the raw
 * URL could be walked around. Content types that a plain HTML form can send are
 * not parsed at all (see app.ts), so a cross-site form post cannot reach a handler.
 */
export const sameOriginWrites = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (READ_METHODS.has(request.method)) return;
    if (comesFromAnotherSite(request)) {
      throw new HttpError(403, { error: 'Cross-site request refused', code: 'CROSS_SITE_REQUEST' });
    }
  });
});
