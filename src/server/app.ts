import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { dataFolderDuties } from './backup/plugin';
import { type Config, metrcSettings } from './config';
import type { Db } from './db/connect';
import { createEventBus, type EventBus } from './events/bus';
import { registerAgeVerified } from './http/age-verified';
import { registerErrorHandling } from './http/errors';
import { healthRoutes } from './http/health';
import { loggerOptions } from './http/logging';
import { registerMetrics } from './http/metrics';
import { apiSchemas } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy } from './http/trust-proxy';
import { type Counters, databaseCounters, memoryCounters, rateLimitStore } from './limits/counters';
import { auditRoutes } from './modules/audit/routes';
import { auditTrail } from './modules/audit/trail';
import { dealerGuard, sameOriginWrites } from './modules/auth/guard';
import { authRoutes } from './modules/auth/routes';
import { backOfficeRoutes } from './modules/back-office-routes';
import { createEncodedCache, type EncodedCache } from './modules/catalog/product-list-cache';
import {
  createProductSearchCache,
  type ProductSearchCache,
} from './modules/catalog/product-search-cache';
import { catalogRoutes } from './modules/catalog/routes';
import { listProducts } from './modules/catalog/service';
import { categoryRoutes } from './modules/categories/routes';
import { chatInboxRoutes } from './modules/chat/routes';
import { startTelegramBridge } from './modules/chat/telegram-bridge';
import { type ContactLimiter, createContactLimiter } from './modules/contact/limiter';
import { contactInboxRoutes, contactRoutes } from './modules/contact/routes';
import { deliveryRoutes } from './modules/deliveries/routes';
import { idCheckRoutes } from './modules/id-checks/routes';
import { type MetrcClient, metrcClient } from './modules/metrc/client';
import { metrcMetrics } from './modules/metrc/metrics';
import { metrcRoutes } from './modules/metrc/routes';
import { startMetrcWorker } from './modules/metrc/worker';
import { startStatusNotifications } from './modules/notifications/status-notifications';
import {
  type CheckoutTermsSnapshot,
  createCheckoutTermsSnapshot,
  makesCheckoutTermsStale,
  readCheckoutTerms,
} from './modules/orders/checkout-terms-snapshot';
import { EXPIRY_SWEEP_EVERY_MS, startOrderExpiry } from './modules/orders/expiry';
import { orderRoutes } from './modules/orders/routes';
import { promotionRoutes, validatePromoRoutes } from './modules/promotions/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { recordsRoutes } from './modules/records/routes';
import { reportRoutes } from './modules/reports/routes';
import { returnRoutes } from './modules/returns/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { settingsRoutes } from './modules/settings/routes';
import { staffRoutes } from './modules/staff/routes';
import { storeProfileRoutes } from './modules/store-profile/routes';
import { deliveryZoneRoutes } from './modules/zones/routes';
import { answerCachedPages, openWebBuild, registerSpa } from './pages/spa';
import { startPgBridge } from './realtime/pg-bridge';
import { realtimeRoutes } from './realtime/ws-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    productListCache: EncodedCache;
    productSearch: ProductSearchCache;
    /** the dealer's settings and the delivery zones every order reads */
    checkoutTerms: CheckoutTermsSnapshot;
    events: EventBus;
    contactLimiter: ContactLimiter;
    /** the windows every abuse limit counts in (shared by the instances on one PostgreSQL) */
    counters: Counters;
    /** the time as the shop's rules read it: the wall clock, or a test's fixed moment */
    clock: () => Date;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** folder of the built web client; defaults to dist/web */
  webDir?: string;
  logger?: boolean;
  /** where log lines go instead of stdout (tests read them) */
  logStream?: { write(line: string): void };
  /** the time the shop's rules read (hours, sale days); tests fix it, the shop runs on the wall clock */
  clock?: () => Date;
  /** how often unaccepted orders past their deadline are cancelled; null: never */
  orderExpiryEveryMs?: number | null;
  /** how often the Metrc outbox is drained; null: never (tests drain it themselves) */
  metrcDrainEveryMs?: number | null;
}

export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');

export async function buildApp({
  config,
  db,
  webDir = DEFAULT_WEB_DIR,
  logger,
  logStream,
  clock = () => new Date(),
  orderExpiryEveryMs = EXPIRY_SWEEP_EVERY_MS,
  metrcDrainEveryMs = 2_000,
}: BuildOptions): Promise<FastifyInstance> {
  const metrcConfig = metrcSettings(config);
  const metrc: MetrcClient | null = metrcConfig ? metrcClient(metrcConfig) : null;
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.LOG_LEVEL, logStream),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A client that sends its request slowly (a byte every few seconds) cannot hold a connection open.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    http: {
      // Node enforces the larger of the two, so the headers' own limit (60 s by default) must not exceed it
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: timeoutCheckInterval(config.REQUEST_TIMEOUT_MS),
    },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate(
    'productListCache',
    createEncodedCache(() => listProducts(db.kysely)),
  );
  app.decorate(
    'productSearch',
    createProductSearchCache(() => listProducts(db.kysely)),
  );
  app.decorate('events', createEventBus());
  app.decorate(
    'checkoutTerms',
    createCheckoutTermsSnapshot(() => readCheckoutTerms(db)),
  );
  // one instance on SQLite counts in memory; the instances on one PostgreSQL share the counts
  const shared = db.postgres ? databaseCounters(db.kysely) : null;
  app.decorate('counters', shared?.counters ?? memoryCounters());
  if (shared) app.addHook('onClose', async () => shared.stop());
  app.decorate('contactLimiter', createContactLimiter(app.counters));
  // Any product change makes the cached list stale, whichever instance made it.
  app.events.subscribe((event) => {
    if (event.type.startsWith('product') || event.type === 'featured-products-updated') {
      app.productListCache.invalidate();
      app.productSearch.invalidate();
    }
    // a save of the settings or a zone, on this instance or (PostgreSQL) another
    if (makesCheckoutTermsStale(event)) app.checkoutTerms.invalidate();
  });

  registerErrorHandling(app);
  // first, so that it times every answer, a cached page's included
  await registerMetrics(app, metrc ? [metrcMetrics] : []);
  await app.register(dataFolderDuties);
  registerSecurityHeaders(app);
  const web = openWebBuild(app, existsSync(path.join(webDir, 'index.html')) ? webDir : null);
  answerCachedPages(app, web);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, {
    global: false,
    ...(db.postgres ? { store: rateLimitStore(app.counters) } : {}),
  });
  await app.register(compress, { threshold: 1024 });
  // Only JSON and multipart bodies are parsed: the content types a cross-site HTML form can send get 415.
  app.removeContentTypeParser('text/plain');
  await app.register(sameOriginWrites);
  await app.register(dealerGuard);
  await app.register(auditTrail);
  await app.register(apiSchemas);

  await app.register(healthRoutes);
  await app.register(authRoutes);

  await app.register(catalogRoutes);
  await app.register(categoryRoutes);
  await app.register(promotionRoutes);
  await app.register(validatePromoRoutes);
  await app.register(orderRoutes, { rateLimit: config.ORDER_RATE_LIMIT });
  await app.register(receiptRoutes);
  await app.register(schedulingRoutes);
  await app.register(settingsRoutes);
  await app.register(storeProfileRoutes);
  await app.register(deliveryZoneRoutes);
  await app.register(staffRoutes);
  await app.register(deliveryRoutes);
  await app.register(idCheckRoutes);
  await app.register(returnRoutes);
  await app.register(auditRoutes);
  await app.register(recordsRoutes);
  await app.register(reportRoutes);
  await app.register(metrcRoutes, { client: metrc });
  await app.register(contactRoutes);
  await app.register(contactInboxRoutes);
  await app.register(backOfficeRoutes);
  await app.register(chatInboxRoutes);
  await app.register(realtimeRoutes);
  await app.register(registerAgeVerified);

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
  });
  if (db.postgres) await startPgBridge(app, db.postgres.url, db.postgres.schema);
  if (config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_CHAT_ID) {
    const stopTelegram = startTelegramBridge(app, {
      token: config.TELEGRAM_BOT_TOKEN,
      chatId: config.TELEGRAM_CHAT_ID,
      apiBase: config.TELEGRAM_API_BASE,
    });
    app.addHook('onClose', stopTelegram);
  }
  app.addHook('onClose', startStatusNotifications(app));
  if (orderExpiryEveryMs !== null)
    app.addHook('onClose', startOrderExpiry(app, orderExpiryEveryMs));
  if (metrc && metrcDrainEveryMs !== null)
    app.addHook('onClose', startMetrcWorker(app, metrc, metrcDrainEveryMs));
  await registerSpa(app, web);
  return app;
}

/** Node checks request deadlines on an interval (30 s by default): often enough to honour short timeouts too. */
function timeoutCheckInterval(requestTimeoutMs: number): number {
  return Math.min(5000, Math.max(50, Math.floor(requestTimeoutMs / 4)));
}
