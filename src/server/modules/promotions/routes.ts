import { z } from 'zod';
import {
  promoCheckResponse,
  promotionResponse,
  validatePromoSchema,
} from '../../../shared/schemas/promotions';
import { can } from '../../../shared/staff';
import type { ApiApp } from '../../http/openapi';
import { currentStaff } from '../auth/guard';
import { listActivePromotions, listPromotions } from './service';
import { checkPromotion } from './validate-promo';

export async function promotionRoutes(app: ApiApp): Promise<void> {
  const schema = { response: { 200: z.array(promotionResponse) } };
  app.get('/api/promotions', { schema }, async (request, reply) => {
    // staff who manage promotions see inactive ones too (codes not yet, or no longer, public);
    // shoppers and every other role get the active ones
    reply.header('vary', 'cookie');
    const dealer = await currentStaff(app, request);
    return dealer && can(dealer.role, 'promotions')
      ? listPromotions(app.db.kysely)
      : listActivePromotions(app.db.kysely);
  });
}

export async function validatePromoRoutes(app: ApiApp): Promise<void> {
  const schema = { body: validatePromoSchema, response: { 200: promoCheckResponse } };
  app.post('/api/validate-promo', { config: { public: true }, schema }, async (request) => {
    const { promoCode, cartItems } = request.body;
    const check = await checkPromotion(
      app.db.kysely,
      promoCode,
      cartItems,
      app.clock(),
      app.config.SHOP_TIMEZONE,
    );
    if (!check.valid) return check;
    return { valid: true as const, promotion: check.promotion };
  });
}
