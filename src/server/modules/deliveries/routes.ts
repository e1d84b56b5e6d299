import { z } from 'zod';
import { orderResponse } from '../../../shared/api-schemas';
import { doorCheckSchema } from '../../../shared/id-check/door-check';
import { deliveryAttemptSchema, deliveryStatusSchema } from '../../../shared/schemas';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { published } from '../../realtime/publish';
import { actorOf } from '../auth/guard';
import { idHashSecret } from '../id-checks/id-number-hash';
import { listDeliveries, recordDeliveryAttempt, recordDoorCheck, updateDelivery } from './service';

const driverOnly = { dealerOnly: true, permission: 'deliveries', auditedByService: true } as const;
const orderIdParams = withSummary(idParams, 'Invalid order id');

/** Issue 17 §2: the driver's phone view reads and moves the driver's own stops. */
export async function deliveryRoutes(app: ApiApp): Promise<void> {
  const list = { config: driverOnly, schema: { response: { 200: z.array(orderResponse) } } };
  app.get('/api/deliveries', list, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listDeliveries(app.db.kysely, request.dealer!.userId);
  });

  const update = {
    config: driverOnly,
    schema: {
      params: orderIdParams,
      body: withSummary(deliveryStatusSchema, 'Invalid delivery update'),
      response: { 200: orderResponse },
    },
  };
  const doorCheck = {
    config: driverOnly,
    schema: {
      params: orderIdParams,
      body: withSummary(doorCheckSchema, 'Invalid ID check'),
      response: { 200: orderResponse },
    },
  };
  app.post('/api/deliveries/:id/id-check', doorCheck, async (request) => {
    const outcome = await recordDoorCheck(
      app.db,
      request.dealer!.userId,
      request.params.id,
      request.body,
      {
        actor: actorOf(request),
        timeZone: app.config.SHOP_TIMEZONE,
        secret: idHashSecret(app.config.sessionSecret),
        now: app.clock(),
      },
    );
    return published(app, outcome);
  });

  const attempt = {
    config: driverOnly,
    schema: {
      params: orderIdParams,
      body: withSummary(deliveryAttemptSchema, 'Invalid delivery attempt'),
      response: { 200: orderResponse },
    },
  };
  app.post('/api/deliveries/:id/attempts', attempt, async (request) => {
    const context = {
      actor: actorOf(request),
      timeZone: app.config.SHOP_TIMEZONE,
      now: app.clock(),
    };
    const { id } = request.params;
    const driverId = request.dealer!.userId;
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
    const context = {
      actor: actorOf(request),
      timeZone: app.config.SHOP_TIMEZONE,
      now: app.clock(),
    };
    return published(
      app,
      await updateDelivery(app.db, request.dealer!.userId, request.params.id, change, context),
    );
  });
}
