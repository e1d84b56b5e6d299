import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NEWEST_ARRIVALS_DAYS } from '../../../shared/constants';
import { idParams, notFound, parseInput } from '../../http/errors';
import type { EncodedBody } from './product-list-cache';
import * as catalog from './service';

const newestQuery = z.object({
  days: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(NEWEST_ARRIVALS_DAYS),
});

const segment = z.string().min(1).max(200);
const addressParams = z.object({
  category: segment,
  subcategory: segment,
  strain: segment.optional(),
  name: segment,
});

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/products', async (request, reply) => {
    return sendEncoded(request, reply, await app.productListCache.get());
  });

  app.get('/api/products/newest', async (request) => {
    const { days } = parseInput(newestQuery, request.query);
    return catalog.listNewestProducts(app.db.kysely, days);
  });

  app.get('/api/products/by-url/:category/:subcategory/:name', byAddress);
  app.get('/api/products/by-url/:category/:subcategory/:strain/:name', byAddress);
  async function byAddress(request: FastifyRequest) {
    const address = parseInput(addressParams, request.params);
    const product = await catalog.findProductByAddress(app.db.kysely, address);
    if (!product) throw notFound('Product');
    return product;
  }

  app.get('/api/products/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid product id');
    const product = await catalog.findProduct(app.db.kysely, id);
    if (!product) throw notFound('Product');
    return product;
  });

  app.get('/api/categories', async () => catalog.listCategories(app.db.kysely));
}

/** Serves a pre-encoded body with its ETag, honouring If-None-Match and Accept-Encoding. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply
    .header('etag', body.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  reply.type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
