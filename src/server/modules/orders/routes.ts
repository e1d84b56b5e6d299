import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { noContent, orderResponse } from '../../../shared/api-schemas';
import {
  orderDeliverySchema,
  orderPlacementSchema,
  orderStatusSchema,
} from '../../../shared/schemas';
import type { Order } from '../../../shared/types';
import type { Config } from '../../config';
import { HttpError, idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { findProduct } from '../catalog/service';
import { placeOrder } from './checkout';
import {
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_SWEEP_EVERY_MS,
  withIdempotency,
} from './idempotency';
import { orderRateLimiter } from './placement-limits';
import { findOrderOwner } from './repo';
import { deleteOrder, listOrders, updateOrderDelivery, updateOrderStatus } from './service';
import { ensureShopperId, shopperIdOf } from './shopper-cookie';

const idempotencyKey = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(200)
  .optional();

const orderIdParams = withSummary(idParams, 'Invalid order id');
const deliveryBody = withSummary(
  orderDeliverySchema,
  'Please fill in all required delivery details.',
);
const oneOrder = { 200: orderResponse };
const orderList = { schema: { response: { 200: z.array(orderResponse) } } };

export interface OrderRoutesOptions {
  rateLimit: Config['ORDER_RATE_LIMIT'];
}

export async function orderRoutes(app: ApiApp, options: OrderRoutesOptions): Promise<void> {
  const limitPlacement = orderRateLimiter(app, options.rateLimit);
  const keySweep = setInterval(() => {
    deleteExpiredIdempotencyKeys(app.db.kysely).catch((error) =>
      app.log.warn({ err: error }, 'idempotency key expiry failed'),
    );
  }, IDEMPOTENCY_SWEEP_EVERY_MS);
  keySweep.unref();
  app.addHook('onClose', async () => clearInterval(keySweep));

  const placement = { body: orderPlacementSchema, response: { 201: orderResponse } };
  const placementRoute = {
    config: { public: true },
    schema: placement,
    ...(limitPlacement ? { preHandler: limitPlacement } : {}),
  };
  // A retry is answered with the first request's stored answer, whatever its status.
  app.post('/api/orders/simple', placementRoute, async (request, reply: FastifyReply) => {
    const keyResult = idempotencyKey.safeParse(request.headers['idempotency-key']);
    if (!keyResult.success)
      throw new HttpError(400, {
        error: 'Invalid Idempotency-Key header',
        code: 'INVALID_IDEMPOTENCY_KEY',
      });
    const shopperId = ensureShopperId(request, reply);
    const key = keyResult.data ? `${shopperId}:${keyResult.data}` : undefined;
    const answer = await withIdempotency(app.db.kysely, key, request.body, async (claim) => {
      const { order, restocked } = await placeOrder(app.db, request.body, {
        shopperId,
        idempotency: claim,
      });
      app.events.publish('order-created', order, { shopperId });
      for (const product of restocked) app.events.publish('product-updated', product);
      return { statusCode: 201, body: order };
    });
    return reply.status(answer.statusCode).send(answer.body);
  });

  app.get('/api/orders/mine', orderList, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const shopperId = shopperIdOf(request);
    return shopperId ? listOrders(app.db.kysely, shopperId) : [];
  });

  app.get(
    '/api/orders',
    { config: { dealerOnly: true }, ...orderList },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOrders(app.db.kysely);
    },
  );

  const statusSchema = { params: orderIdParams, body: orderStatusSchema, response: oneOrder };
  app.patch('/api/orders/:id/status', { schema: statusSchema }, async (request) => {
    const { id } = request.params;
    const { status } = request.body;
    return publishOrderUpdate(app, await updateOrderStatus(app.db.kysely, id, status));
  });

  const deliverySchema = { params: orderIdParams, body: deliveryBody, response: oneOrder };
  app.patch('/api/orders/:id/delivery', { schema: deliverySchema }, async (request) => {
    const { id } = request.params;
    const delivery = request.body;
    return publishOrderUpdate(app, await updateOrderDelivery(app.db, id, delivery));
  });

  const deleteSchema = { params: orderIdParams, response: { 204: noContent } };
  app.delete('/api/orders/:id', { schema: deleteSchema }, async (request, reply) => {
    const { id } = request.params;
    const shopperId = await findOrderOwner(app.db.kysely, id);
    const productIds = await deleteOrder(app.db, id);
    app.events.publish('order-deleted', { id }, { shopperId });
    await publishStockChanges(app, productIds);
    return reply.status(204).send(null);
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
