import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderDeliverySchema, orderPlacementSchema, orderStatusSchema } from '../../../shared/schemas';
import { HttpError, idParams, parseInput } from '../../http/errors';
import { placeOrder } from './checkout';
import { withIdempotency } from './idempotency';
import { deleteOrder, listOrders, updateOrderDelivery, updateOrderStatus } from './service';
import { ensureShopperId, shopperIdOf } from './shopper-cookie';

const idempotencyKey = z.string().trim().min(8, 'must be at least 8 characters').max(200).optional();

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/orders/simple', { config: { public: true } }, async (request, reply) => {
    const keyResult = idempotencyKey.safeParse(request.headers['idempotency-key']);
    if (!keyResult.success) throw new HttpError(400, { error: 'Invalid Idempotency-Key header' });
    const shopperId = ensureShopperId(request, reply);
    const key = keyResult.data ? `${shopperId}:${keyResult.data}` : undefined;
    const answer = await withIdempotency(app.db.kysely, key, request.body, async () => {
      const input = parseInput(orderPlacementSchema, request.body);
      const order = await placeOrder(app.db, input, { shopperId });
      app.productListCache.invalidate();
      return { statusCode: 201, body: order };
    });
    return reply.status(answer.statusCode).send(answer.body);
  });

  app.get('/api/orders/mine', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const shopperId = shopperIdOf(request);
    return shopperId ? listOrders(app.db.kysely, shopperId) : [];
  });

  app.get('/api/orders', { config: { dealerOnly: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOrders(app.db.kysely);
  });

  app.patch('/api/orders/:id/status', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid order id');
    const { status } = parseInput(orderStatusSchema, request.body);
    return updateOrderStatus(app.db.kysely, id, status);
  });

  app.patch('/api/orders/:id/delivery', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid order id');
    const delivery = parseInput(orderDeliverySchema, request.body, 'Please fill in all required delivery details.');
    return updateOrderDelivery(app.db, id, delivery);
  });

  app.delete('/api/orders/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'Invalid order id');
    await deleteOrder(app.db, id);
    app.productListCache.invalidate();
    return reply.status(204).send();
  });
}
