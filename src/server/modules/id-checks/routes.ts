import { doorCheckSchema, idCheckOverrideSchema } from '../../../shared/id-check/door-check';
import { orderResponse } from '../../../shared/schemas/orders';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { idHashSecret } from './id-number-hash';
import { allowIdRecheck, recordIdCheck } from './service';

const orderIdParams = withSummary(idParams, 'Invalid order id');

/**
 * The ID check at the pickup counter (and at the door from the back office), and
 * an owner's leave to check a failed ID once more. The driver's own check is under /deliveries.
 */
export async function idCheckRoutes(app: ApiApp): Promise<void> {
  const counter = {
    config: { permission: 'orders.manage', auditedByService: true } as const,
    schema: {
      params: orderIdParams,
      body: withSummary(doorCheckSchema, 'Invalid ID check'),
      response: { 200: orderResponse },
    },
  };
  app.post('/api/orders/:id/id-check', counter, async (request) => {
    const outcome = await recordIdCheck(app.db, request.params.id, request.body, {
      actor: actorOf(request),
      timeZone: app.config.SHOP_TIMEZONE,
      secret: idHashSecret(app.config.sessionSecret),
      now: app.clock(),
    });
    return published(app, outcome);
  });

  const override = {
    // no permission named: the owner's alone
    config: { auditedByService: true },
    schema: {
      params: orderIdParams,
      body: withSummary(idCheckOverrideSchema, 'Say why the ID may be checked again'),
      response: { 200: orderResponse },
    },
  };
  app.post('/api/orders/:id/id-check-override', override, async (request) => {
    const { id } = request.params;
    const actor = actorOf(request);
    return published(
      app,
      await allowIdRecheck(app.db, id, request.body.reason, actor, app.clock()),
    );
  });
}
