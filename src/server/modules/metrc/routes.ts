import { z } from 'zod';
import {
  connectionTestResponse,
  overdueReportsResponse,
  receivedPackageResponse,
  receivePackageSchema,
  reconciliationResponse,
  reportingDayResponse,
  reportingOverviewResponse,
  resendSchema,
} from '../../../shared/metrc';
import { calendarDate } from '../../../shared/schemas/fields';
import { metrcSettings } from '../../config';
import { published } from '../../events/publish';
import { HttpError, idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { type MetrcClient, metrcClient } from './client';
import {
  reconcileDay,
  reportingDay,
  reportingOverview,
  resendEntry,
  testConnection,
} from './reporting';
import { listPackages, receivePackage } from './service';

const dayParams = z.object({
  date: calendarDate('must be a date such as 2026-11-27'),
});
const packagesQuery = z.object({ productId: z.coerce.number().int().positive().optional() });

/**
 * Metrc packages in Inventory ("Receive stock"), and the owner's State reporting
 * page. `client` is Metrc's API (tests may pass their own); none when Metrc is not configured.
 */
export async function metrcRoutes(
  app: ApiApp,
  options: { client?: MetrcClient | null } = {},
): Promise<void> {
  const settings = metrcSettings(app.config);
  const client = options.client ?? (settings ? metrcClient(settings) : null);
  const timeZone = app.config.SHOP_TIMEZONE;

  app.get(
    '/api/inventory/packages',
    {
      config: { staffOnly: true, permission: 'catalog' },
      schema: {
        querystring: withSummary(packagesQuery, 'Invalid product'),
        response: { 200: z.array(receivedPackageResponse) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPackages(app.db.kysely, request.query.productId);
    },
  );
  app.post(
    '/api/inventory/packages',
    {
      config: { permission: 'catalog', auditedByService: true },
      schema: {
        body: withSummary(receivePackageSchema, 'Invalid package'),
        response: { 200: receivedPackageResponse },
      },
    },
    async (request) =>
      published(app, await receivePackage(app.db, request.body, actorOf(request), app.clock())),
  );

  const owner = { staffOnly: true, permission: 'state-reporting' } as const;
  // the owner's reads of one shop day: same guard, same day in the path
  const ownerDay = <Response extends z.ZodTypeAny>(response: Response) => ({
    config: owner,
    schema: { params: withSummary(dayParams, 'Invalid day'), response: { 200: response } },
  });
  app.get(
    '/api/state-reporting',
    { config: owner, schema: { response: { 200: reportingOverviewResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportingOverview(app.db.kysely, settings, app.clock(), timeZone);
    },
  );
  app.get(
    '/api/state-reporting/overdue',
    {
      config: owner,
      schema: { response: { 200: overdueReportsResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const overview = await reportingOverview(app.db.kysely, settings, app.clock(), timeZone);
      return { overdue: overview.overdue, hours: overview.deadline.hours };
    },
  );
  app.get(
    '/api/state-reporting/days/:date',
    ownerDay(reportingDayResponse),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportingDay(app.db.kysely, request.params.date);
    },
  );
  app.get(
    '/api/state-reporting/days/:date/reconciliation',
    ownerDay(reconciliationResponse),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!client) throw notConfigured();
      try {
        return await reconcileDay(app.db.kysely, client, request.params.date);
      } catch (error) {
        throw new HttpError(503, {
          error: error instanceof Error ? error.message : 'Metrc was not reached.',
          code: 'SERVICE_UNAVAILABLE',
        });
      }
    },
  );
  app.post(
    '/api/state-reporting/entries/:id/resend',
    {
      config: { permission: 'state-reporting', auditedByService: true },
      schema: {
        params: withSummary(idParams, 'Invalid report id'),
        body: withSummary(resendSchema, 'Invalid resend'),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await resendEntry(app.db, request.params.id, request.body, actorOf(request), app.clock());
      return { ok: true as const };
    },
  );
  // calls a read-only list at Metrc: changes nothing here or there
  app.get(
    '/api/state-reporting/connection',
    { config: owner, schema: { response: { 200: connectionTestResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return testConnection(settings, client);
    },
  );
}

function notConfigured() {
  return new HttpError(409, {
    error:
      'Metrc is not configured: set METRC_API_BASE, METRC_VENDOR_KEY, METRC_USER_KEY and METRC_LICENSE_NUMBER.',
    code: 'METRC_NOT_CONFIGURED',
  });
}
