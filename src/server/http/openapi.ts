import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorResponse } from '../../shared/schemas/http';
import { zodValidatorCompiler } from './errors';
import { DEALER_COOKIE, isStaffRoute } from './route-access';

/** The server instance routes are declared on: request and reply types come from their zod schemas. */
export type ApiApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
const DEALER_SESSION = 'dealerSession';

/** Swagger UI's method badges and accents are too pale for white or body text (WCAG AA contrast). */
const CONTRAST_CSS = `
.swagger-ui .opblock-summary-method { text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b6e47; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a5300; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #10695a; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .info .title small.version-stamp { background: #4d6b02; }
.swagger-ui .info .title small { background: #5c5c5c; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1f5fa8; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #1b6e47; border-color: #1b6e47; }
.swagger-ui .btn.authorize svg { fill: #1b6e47; }
`;

/**
 * Route schemas are zod schemas (validated before the handler, answers checked on the way out),
 * and the same schemas make the OpenAPI 3.1 document at /api/openapi.json, read at /api/docs.
 * Registered before the routes so that every route is seen.
 */
export const apiSchemas = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Canopy API',
        version: '1',
        description:
          'The storefront and back-office API. Money is in dollars. Dealer calls need the session cookie that POST /api/auth/login sets.',
      },
      components: {
        securitySchemes: {
          [DEALER_SESSION]: { type: 'apiKey', in: 'cookie', name: DEALER_COOKIE },
        },
      },
    },
    transform: (document) =>
      document.url.startsWith('/api/')
        ? jsonSchemaTransform(document)
        : { schema: { hide: true }, url: document.url },
    transformObject: jsonSchemaTransformObject,
  });
  app.addHook('onRoute', describeAccessAndErrors);
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: {
      title: 'Canopy API reference',
      css: [{ filename: 'contrast.css', content: CONTRAST_CSS }],
    },
    // BaseLayout: no top bar (its logo, URL box and theme switch have no accessible names)
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, layout: 'BaseLayout' },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});

const TAG_OF_RESOURCE: Record<string, string> = {
  'validate-promo': 'promotions',
  'schedule-slots': 'schedule',
  'dealer-settings': 'schedule',
  'contact-messages': 'contact',
  upload: 'media',
};
/** Operations are grouped by resource: /api/orders/:id/status is under "orders". */
const tagOf = (url: string) => {
  const resource = url.split('/')[2];
  return TAG_OF_RESOURCE[resource] ?? resource;
};

/** Dealer routes carry the cookie security requirement; the error answers a route can give are listed. */
function describeAccessAndErrors(route: RouteOptions): void {
  const schema = route.schema ?? {};
  if (!route.url.startsWith('/api/') || schema.hide) return;
  const response: Record<string, unknown> = { ...(schema.response as object) };
  if (schema.params || schema.querystring || schema.body) response[400] ??= errorResponse;
  const dealer = isStaffRoute(route);
  if (dealer) response[401] ??= errorResponse;
  route.schema = {
    ...schema,
    tags: schema.tags ?? [tagOf(route.url)],
    response,
    ...(dealer ? { security: [{ [DEALER_SESSION]: [] }] } : {}),
  };
}
