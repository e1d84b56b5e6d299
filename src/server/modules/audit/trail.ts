import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffRoute } from '../auth/guard';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The audit trail is written by the services, inside the transaction of the
 * change they make (audit/service.ts recordChange). Every staff write route says so with
 * `config.auditedByService`; a new one that does not is refused when the app is built, so no
 * back-office change can go unrecorded by omission.
 */
export const auditTrail = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!isStaffRoute(route) || methods.every((m) => READ_METHODS.has(m))) return;
    if (route.config?.auditedByService) return;
    throw new Error(
      `${methods.join(',')} ${route.url} changes data for staff: its service must record the change (recordChange) and the route declare config.auditedByService`,
    );
  });
});
