import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noContent } from '../../../shared/schemas/http';
import {
  driverAssignmentSchema,
  driverResponse,
  orderDeliverySchema,
  orderPlacementSchema,
  orderResponse,
  orderStatusSchema,
  orderStatusViewResponse,
} from '../../../shared/schemas/orders';
import { heldStockResponse } from '../../../shared/schemas/products';
import type { Config } from '../../config';
import { metrcSettings } from '../../config';
import { published } from '../../events/publish';
import { HttpError, idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { placeOrder } from './checkout';
import {
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_SWEEP_EVERY_MS,
  withIdempotency,
} from './idempotency';
import { orderRateLimiter } from './placement-limits';
import {
  assignDriver,
  deleteOrder,
  listDrivers,
  listHeldStock,
  listOrders,
  updateOrderDelivery,
  updateOrderStatus,
} from './service';
import { ensureShopperId, shopperIdOf } from './shopper-cookie';
import { findOrderStatus } from './status-link';

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
  const reportsToMetrc = metrcSettings(app.config) !== null;
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
      const placed = await placeOrder(app.db, request.body, {
        shopperId,
        idempotency: claim,
        timeZone: app.config.SHOP_TIMEZONE,
        now: app.clock(),
        terms: app.checkoutTerms,
        reportsToMetrc,
      });
      const order = published(app, placed);
      return { statusCode: 201, body: order };
    });
    return reply.status(answer.statusCode).send(answer.body);
  });

  app.get('/api/orders/mine', orderList, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const shopperId = shopperIdOf(request);
    return shopperId ? listOrders(app.db.kysely, { shopperId }) : [];
  });

  const statusLink = {
    schema: {
      params: z.object({ token: z.string().max(64) }),
      response: { 200: orderStatusViewResponse },
    },
  };
  app.get('/api/order-status/:token', statusLink, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    return findOrderStatus(app.db.kysely, request.params.token);
  });

  app.get(
    '/api/orders',
    { config: { staffOnly: true, permission: 'orders.read' as const }, ...orderList },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOrders(app.db.kysely);
    },
  );

  const held = {
    config: { staffOnly: true, permission: 'catalog' } as const,
    schema: { response: { 200: heldStockResponse } },
  };
  app.get('/api/inventory/held', held, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listHeldStock(app.db.kysely);
  });

  const manage = { permission: 'orders.manage', auditedByService: true } as const;
  const changeContext = (request: FastifyRequest) => ({
    actor: actorOf(request),
    timeZone: app.config.SHOP_TIMEZONE,
    now: app.clock(),
    trackAndTrace: reportsToMetrc,
  });
  const statusSchema = { params: orderIdParams, body: orderStatusSchema, response: oneOrder };
  app.patch('/api/orders/:id/status', { config: manage, schema: statusSchema }, async (request) => {
    const { id } = request.params;
    const { status, reason, signature, payment } = request.body;
    const change = { status, reason: reason ?? null, signature: signature ?? null, payment };
    return published(app, await updateOrderStatus(app.db, id, change, changeContext(request)));
  });

  const driverSchema = {
    params: orderIdParams,
    body: withSummary(driverAssignmentSchema, 'Invalid driver'),
    response: oneOrder,
  };
  app.patch('/api/orders/:id/driver', { config: manage, schema: driverSchema }, async (request) => {
    const { id } = request.params;
    const driver = request.body.driverId;
    return published(app, await assignDriver(app.db, id, driver, changeContext(request)));
  });

  const drivers = {
    config: { staffOnly: true, ...manage },
    schema: { response: { 200: z.array(driverResponse) } },
  };
  app.get('/api/drivers', drivers, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listDrivers(app.db.kysely);
  });

  const deliverySchema = { params: orderIdParams, body: deliveryBody, response: oneOrder };
  app.patch(
    '/api/orders/:id/delivery',
    { config: manage, schema: deliverySchema },
    async (request) => {
      const { id } = request.params;
      const delivery = request.body;
      const context = changeContext(request);
      return published(app, await updateOrderDelivery(app.db, id, delivery, context));
    },
  );

  const deleteSchema = { params: orderIdParams, response: { 204: noContent } };
  app.delete(
    '/api/orders/:id',
    { config: manage, schema: deleteSchema },
    async (request, reply) => {
      const { id } = request.params;
      published(
        app,
        await deleteOrder(app.db, id, actorOf(request), {
          trackAndTrace: reportsToMetrc,
        }),
      );
      return reply.status(204).send(null);
    },
  );
}
