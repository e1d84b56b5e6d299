import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { doorCheckSchema } from '../../../shared/id-check/door-check';
import {
  deliveryAttemptSchema,
  deliveryStatusSchema,
  orderResponse,
} from '../../../shared/schemas/orders';
import { metrcSettings } from '../../config';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { idHashSecret } from '../id-checks/id-number-hash';
import { listDeliveries, recordDeliveryAttempt, recordDoorCheck, updateDelivery } from './service';

const driverOnly = { staffOnly: true, permission: 'deliveries', auditedByService: true } as const;
const orderIdParams = withSummary(idParams, 'Invalid order id');

/** The driver's phone view reads and moves the driver's own stops. */
export async function deliveryRoutes(app: ApiApp): Promise<void> {
  const list = { config: driverOnly, schema: { response: { 200: z.array(orderResponse) } } };
  app.get('/api/deliveries', list, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listDeliveries(app.db.kysely, request.staff!.userId);
  });

  /** A driver's own stop: its id, a checked body, the order as it is after. */
  const stopRoute = <Body extends z.ZodType>(body: Body, summary: string) => ({
    config: driverOnly,
    schema: {
      params: orderIdParams,
      body: withSummary(body, summary),
      response: { 200: orderResponse },
    },
  });
  const changeContext = (request: FastifyRequest) => ({
    actor: actorOf(request),
    timeZone: app.config.SHOP_TIMEZONE,
    now: app.clock(),
    trackAndTrace: metrcSettings(app.config) !== null,
  });

  const update = stopRoute(deliveryStatusSchema, 'Invalid delivery update');
  const doorCheck = stopRoute(doorCheckSchema, 'Invalid ID check');
  const attempt = stopRoute(deliveryAttemptSchema, 'Invalid delivery attempt');
  app.post('/api/deliveries/:id/id-check', doorCheck, async (request) => {
    const outcome = await recordDoorCheck(
      app.db,
      request.staff!.userId,
      request.params.id,
      request.body,
      { ...changeContext(request), secret: idHashSecret(app.config.sessionSecret) },
    );
    return published(app, outcome);
  });

  app.post('/api/deliveries/:id/attempts', attempt, async (request) => {
    const { id } = request.params;
    const driverId = request.staff!.userId;
    const context = changeContext(request);
    return published(
      app,
      await recordDeliveryAttempt(app.db, driverId, id, request.body.note, context),
    );
  });

  app.patch('/api/deliveries/:id', update, async (request) => {
    const { status, returnReason, signature, note, payment } = request.body;
    const change = {
      status,
      returnReason: returnReason ?? null,
      signature: signature ?? null,
      reason: note ?? null,
      payment,
    };
    const context = changeContext(request);
    return published(
      app,
      await updateDelivery(app.db, request.staff!.userId, request.params.id, change, context),
    );
  });
}
