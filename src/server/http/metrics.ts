import { createHash, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import promClient, { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError, RequestValidationError } from './errors';

/** Routes that place an order: their answers count as orders placed or refused. */
const ORDER_ROUTES = new Set(['/api/orders/simple']);

declare module 'fastify' {
  interface FastifyRequest {
    /** why an order route refused, for the refused-orders counter */
    refusalReason?: string;
  }
}

/**
 * Prometheus figures at GET /metrics, only when METRICS_TOKEN is set (404 otherwise,
 * as if the route did not exist) and only for `Authorization: Bearer <token>`.
 * Each app has its own registry, so several apps in one process (tests) do not collide.
 */
/** A module's own figures, added to the app's registry (the app layer passes them in). */
export type ModuleMetrics = (app: FastifyInstance, registers: Registry[]) => void;

export async function registerMetrics(
  app: FastifyInstance,
  moduleMetrics: readonly ModuleMetrics[] = [],
): Promise<void> {
  const token = app.config.METRICS_TOKEN;
  if (!token) {
    // Answered here, or the browser app's fallback would serve its page for this path.
    app.get('/metrics', { logLevel: 'silent' }, async (_request, reply) =>
      reply.status(404).send({ error: 'Not found: GET /metrics', code: 'NOT_FOUND' }),
    );
    return;
  }
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    promClient,
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // fastify-metrics creates the summary even when it is off: keep it out of the global registry
      overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
    },
  });
  registerShopMetrics(app, registry);
  for (const add of moduleMetrics) add(app, [registry]);

  app.get(
    '/metrics',
    {
      logLevel: 'silent',
      onRequest: async (request, reply) => {
        if (bearerMatches(request, token)) return;
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, {
          error: 'A valid metrics token is required',
          code: 'METRICS_UNAUTHORIZED',
        });
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  // Compare digests: equal lengths for timingSafeEqual, and no hint of the token's length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function registerShopMetrics(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];

  // Counted at the HTTP server: the hub lives inside the real-time plugin's own scope.
  let openSockets = 0;
  app.server.on('upgrade', (_request, socket: Socket) => {
    openSockets += 1;
    socket.once('close', () => {
      openSockets -= 1;
    });
  });
  new Gauge({
    name: 'canopy_websocket_clients',
    help: 'Open real-time (WebSocket) connections on this instance',
    registers,
    collect() {
      this.set(openSockets);
    },
  });

  const published = new Counter({
    name: 'canopy_event_bus_published_total',
    help: 'Events this instance published on the event bus, by type',
    labelNames: ['type'],
    registers,
  });
  const delivered = new Counter({
    name: 'canopy_event_bus_delivered_total',
    help: 'Events delivered to this instance (its own and, on PostgreSQL, other instances), by type',
    labelNames: ['type'],
    registers,
  });
  app.events.addForwarder((event) => published.inc({ type: event.type }));
  app.events.subscribe((event) => delivered.inc({ type: event.type }));

  const batchSizes = new Histogram({
    name: 'canopy_group_commit_batch_size',
    help: 'Orders sharing one SQLite commit',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers,
  });
  const stopBatches = app.db.onWriteBatch((size) => batchSizes.observe(size));
  app.addHook('onClose', async () => stopBatches());

  const poolStats = app.db.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'canopy_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max)',
      labelNames: ['state'],
      registers,
      collect() {
        for (const [state, value] of Object.entries(poolStats())) this.set({ state }, value);
      },
    });
  }

  countOrders(app, registers);
}

function countOrders(app: FastifyInstance, registers: Registry[]): void {
  const placed = new Counter({
    name: 'canopy_orders_placed_total',
    help: 'Orders placed on this instance',
    registers,
  });
  const refused = new Counter({
    name: 'canopy_orders_refused_total',
    help: 'Orders refused, by reason code',
    labelNames: ['reason'],
    registers,
  });
  const isOrderRoute = (request: FastifyRequest) =>
    request.method === 'POST' && ORDER_ROUTES.has(request.routeOptions.url ?? '');

  app.addHook('onError', async (request, _reply, error) => {
    if (isOrderRoute(request)) request.refusalReason = reasonOf(error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (isOrderRoute(request) && reply.statusCode >= 400)
      refused.inc({ reason: request.refusalReason ?? `status_${reply.statusCode}` });
  });
  // Counted where the order is announced: an idempotent retry is answered 201 again but places nothing.
  app.events.addForwarder((event) => {
    if (event.type === 'order-created') placed.inc();
  });
}

/** A stable, bounded label: the error's code, lower-cased. */
function reasonOf(error: Error & { code?: unknown; statusCode?: number }): string {
  if (error instanceof HttpError) return error.body.code.toLowerCase();
  if (error instanceof RequestValidationError) return 'validation_failed';
  if (typeof error.code === 'string') return error.code.toLowerCase();
  return `status_${error.statusCode ?? 500}`;
}
