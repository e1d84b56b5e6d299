import type { FastifyInstance } from 'fastify';
import { validatePromoSchema } from '../../../shared/schemas';
import { parseInput } from '../../http/errors';
import { listPromotions } from './service';
import { checkPromotion } from './validate-promo';

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/promotions', async () => listPromotions(app.db.kysely));
}

export async function validatePromoRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/validate-promo', { config: { public: true } }, async (request) => {
    const { promoCode, cartItems } = parseInput(validatePromoSchema, request.body);
    const check = await checkPromotion(app.db.kysely, promoCode, cartItems);
    if (!check.valid) return check;
    return { valid: true, promotion: check.promotion };
  });
}
