import { noContent } from '../../../shared/schemas/http';
import {
  promotionPatchSchema,
  promotionResponse,
  promotionSchema,
} from '../../../shared/schemas/promotions';
import { published } from '../../events/publish';
import { idParams, validateOnly, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { createPromotion, deletePromotion, updatePromotion } from './admin-service';

/** Dealer promotion calls of spec §7; display-order swaps are two PATCHes of displayOrder. */
export async function promotionAdminRoutes(app: ApiApp): Promise<void> {
  const params = withSummary(idParams, 'Invalid promotion id');
  const body = withSummary(promotionSchema, 'Invalid promotion');
  const config = { auditedByService: true };
  const createSchema = { body, response: { 201: promotionResponse } };
  app.post('/api/promotions', { config, schema: createSchema }, async (request, reply) => {
    const created = await createPromotion(app.db, request.body, actorOf(request));
    const promotion = published(app, created);
    return reply.status(201).send(promotion);
  });

  const patch = validateOnly(promotionPatchSchema, 'Invalid promotion');
  const patchSchema = { params, body: patch, response: { 200: promotionResponse } };
  app.patch('/api/promotions/:id', { config, schema: patchSchema }, async (request) => {
    const { id } = request.params;
    return published(app, await updatePromotion(app.db, id, request.body, actorOf(request)));
  });

  const deleteSchema = { params, response: { 204: noContent } };
  app.delete('/api/promotions/:id', { config, schema: deleteSchema }, async (request, reply) => {
    const { id } = request.params;
    published(app, await deletePromotion(app.db, id, actorOf(request)));
    return reply.status(204).send(null);
  });
}
