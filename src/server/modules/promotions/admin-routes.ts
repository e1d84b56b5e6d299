import type { FastifyInstance } from 'fastify';
import { idParams, parseInput } from '../../http/errors';
import { createPromotion, deletePromotion, updatePromotion } from './admin-service';

/** Dealer promotion calls of spec §7; display-order swaps are two PATCHes of displayOrder. */
export async function promotionAdminRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/promotions', async (request, reply) => {
    const promotion = await createPromotion(app.db, request.body);
    app.events.publish('promotion-created', promotion);
    return reply.status(201).send(promotion);
  });

  app.patch('/api/promotions/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid promotion id');
    const promotion = await updatePromotion(app.db, id, request.body);
    app.events.publish('promotion-updated', promotion);
    return promotion;
  });

  app.delete('/api/promotions/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'Invalid promotion id');
    await deletePromotion(app.db, id);
    app.events.publish('promotion-deleted', { id });
    return reply.status(204).send();
  });
}
