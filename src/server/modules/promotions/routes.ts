import type { FastifyInstance } from 'fastify';
import { listPromotions } from './service';

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/promotions', async () => listPromotions(app.db.kysely));
}
