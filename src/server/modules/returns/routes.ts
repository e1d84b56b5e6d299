import { z } from 'zod';
import { destructionSchema, orderReturnSchema } from '../../../shared/returns';
import { orderResponse } from '../../../shared/schemas/orders';
import { metrcSettings } from '../../config';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { listToDestroy, recordDestruction, recordReturn } from './service';

const toDestroyResponse = z.array(
  z.object({
    productId: z.number().int(),
    name: z.string(),
    unit: z.enum(['g', 'units']),
    amount: z.number().describe('returned goods waiting to be destroyed'),
    destructions: z.array(
      z.object({
        at: z.string(),
        amount: z.number(),
        witness: z.string(),
        note: z.string().nullable(),
        by: z.string(),
      }),
    ),
  }),
);

/** Returns after handover, and the destruction of returned goods. */
export async function returnRoutes(app: ApiApp): Promise<void> {
  const recordReturnRoute = {
    config: { permission: 'orders.manage', auditedByService: true } as const,
    schema: {
      params: withSummary(idParams, 'Invalid order id'),
      body: withSummary(orderReturnSchema, 'Invalid return'),
      response: { 200: orderResponse },
    },
  };
  app.post('/api/orders/:id/returns', recordReturnRoute, async (request) => {
    const outcome = await recordReturn(
      app.db,
      request.params.id,
      request.body,
      actorOf(request),
      app.clock(),
      { trackAndTrace: metrcSettings(app.config) !== null },
    );
    return published(app, outcome);
  });

  const list = {
    config: { staffOnly: true, permission: 'catalog' } as const,
    schema: { response: { 200: toDestroyResponse } },
  };
  app.get('/api/inventory/to-destroy', list, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listToDestroy(app.db.kysely);
  });

  const destroy = {
    config: { permission: 'catalog', auditedByService: true } as const,
    schema: {
      body: withSummary(destructionSchema, 'Invalid destruction'),
      response: { 200: toDestroyResponse },
    },
  };
  app.post('/api/inventory/destructions', destroy, async (request) =>
    published(app, await recordDestruction(app.db, request.body, actorOf(request), app.clock())),
  );
}
