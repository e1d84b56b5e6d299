import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connect';
import { registerErrorHandling } from './http/errors';
import { registerSpa } from './http/spa';
import { dealerGuard, sameOriginWrites } from './modules/auth/guard';
import { authRoutes } from './modules/auth/routes';
import { backOfficeRoutes } from './modules/back-office-routes';
import { createEncodedCache, type EncodedCache } from './modules/catalog/product-list-cache';
import { catalogRoutes } from './modules/catalog/routes';
import { listProducts } from './modules/catalog/service';
import { chatInboxRoutes } from './modules/chat/routes';
import { startTelegramBridge } from './modules/chat/telegram-bridge';
import { contactInboxRoutes, contactRoutes } from './modules/contact/routes';
import { orderRoutes } from './modules/orders/routes';
import { promotionRoutes, validatePromoRoutes } from './modules/promotions/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { createEventBus, type EventBus } from './realtime/events';
import { startPgBridge } from './realtime/pg-bridge';
import { realtimeRoutes } from './realtime/ws-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    productListCache: EncodedCache;
    events: EventBus;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** folder of the built web client; defaults to dist/web */
  webDir?: string;
  logger?: boolean;
}

export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');

export async function buildApp({
  config,
  db,
  webDir = DEFAULT_WEB_DIR,
  logger,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate(
    'productListCache',
    createEncodedCache(() => listProducts(db.kysely)),
  );
  app.decorate('events', createEventBus());
  // Any product change makes the cached list stale, whichever instance made it.
  app.events.subscribe((event) => {
    if (event.type.startsWith('product') || event.type === 'featured-products-updated')
      app.productListCache.invalidate();
  });

  registerErrorHandling(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, { global: false });
  await app.register(compress, { threshold: 1024 });
  // Only JSON and multipart bodies are parsed: the content types a cross-site HTML form can send get 415.
  app.removeContentTypeParser('text/plain');
  await app.register(sameOriginWrites);
  await app.register(dealerGuard);

  await app.register(authRoutes);

  await app.register(catalogRoutes);
  await app.register(promotionRoutes);
  await app.register(validatePromoRoutes);
  await app.register(orderRoutes);
  await app.register(schedulingRoutes);
  await app.register(contactRoutes);
  await app.register(contactInboxRoutes);
  await app.register(backOfficeRoutes);
  await app.register(chatInboxRoutes);
  await app.register(realtimeRoutes);

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
  await registerSpa(app, existsSync(path.join(webDir, 'index.html')) ? webDir : null);
  return app;
}
