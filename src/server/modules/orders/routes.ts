import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  orderDeliverySchema,
  orderPlacementSchema,
  orderStatusSchema,
} from '../../../shared/schemas';
import type { Order } from '../../../shared/types';
import { HttpError, idParams, parseInput } from '../../http/errors';
import { findProduct } from '../catalog/service';
import { placeOrder } from './checkout';
import { withIdempotency } from './idempotency';
import { findOrderOwner } from './repo';
import { deleteOrder, listOrders, updateOrderDelivery, updateOrderStatus } from './service';
import { ensureShopperId, shopperIdOf } from './shopper-cookie';

const idempotencyKey = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(200)
  .optional();

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/orders/simple', { config: { public: true } }, async (request, reply) => {
    const keyResult = idempotencyKey.safeParse(request.headers['idempotency-key']);
    if (!keyResult.success) throw new HttpError(400, { error: 'Invalid Idempotency-Key header' });
    const shopperId = ensureShopperId(request, reply);
    const key = keyResult.data ? `${shopperId}:${keyResult.data}` : undefined;
    const answer = await withIdempotency(app.db.kysely, key, request.body, async () => {
      const input = parseInput(orderPlacementSchema, request.body);
      const { order, restocked } = await placeOrder(app.db, input, { shopperId });
      app.events.publish('order-created', order, { shopperId });
      for (const product of restocked) app.events.publish('product-updated', product);
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
    return publishOrderUpdate(app, await updateOrderStatus(app.db.kysely, id, status));
  });

  app.patch('/api/orders/:id/delivery', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid order id');
    const delivery = parseInput(
      orderDeliverySchema,
      request.body,
      'Please fill in all required delivery details.',
    );
    return publishOrderUpdate(app, await updateOrderDelivery(app.db, id, delivery));
  });

  app.delete('/api/orders/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'Invalid order id');
    const shopperId = await findOrderOwner(app.db.kysely, id);
    const productIds = await deleteOrder(app.db, id);
    app.events.publish('order-deleted', { id }, { shopperId });
    await publishStockChanges(app, productIds);
    return reply.status(204).send();
  });
}

async function publishOrderUpdate(app: FastifyInstance, order: Order): Promise<Order> {
  app.events.publish('order-updated', order, {
    shopperId: await findOrderOwner(app.db.kysely, order.id),
  });
  return order;
}

/** Stock moved: every storefront shows the new figures without reloading. */
async function publishStockChanges(app: FastifyInstance, productIds: number[]): Promise<void> {
  for (const id of new Set(productIds)) {
    const product = await findProduct(app.db.kysely, id);
    if (product) app.events.publish('product-updated', product);
  }
}
