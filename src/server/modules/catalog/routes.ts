import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NEWEST_ARRIVALS_DAYS } from '../../../shared/constants';
import { productResponse } from '../../../shared/schemas/products';
import { sendEncoded } from '../../http/encoded-body';
import { idParams, notFound, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import * as catalog from './service';

/** A count from the query string: a whole number from 1 to `max`, `fallback` when left out. */
const countParam = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

const newestQuery = z.object({ days: countParam(3650, NEWEST_ARRIVALS_DAYS) });

const searchQuery = z.object({
  q: z.string().max(200, 'must be at most 200 characters').default(''),
  limit: countParam(100, 50),
});

const segment = z.string().min(1).max(200);
const addressParams = z.object({ category: segment, subcategory: segment, name: segment });
const strainAddressParams = addressParams.extend({ strain: segment });

export const productIdParams = withSummary(idParams, 'Invalid product id');
const oneProduct = { 200: productResponse };

export async function catalogRoutes(app: ApiApp): Promise<void> {
  app.get(
    '/api/products',
    { schema: { response: { 200: z.array(productResponse), 304: z.null() } } },
    async (request, reply) => {
      return sendEncoded(
        request,
        reply,
        await app.productListCache.get(),
        'application/json; charset=utf-8',
      );
    },
  );

  app.get(
    '/api/products/newest',
    { schema: { querystring: newestQuery, response: { 200: z.array(productResponse) } } },
    async (request) => catalog.listNewestProducts(app.db.kysely, request.query.days),
  );

  app.get(
    '/api/products/search',
    {
      schema: {
        summary: 'Search products',
        description:
          'Name matches first, then category and strain, flavors, description; plurals, hyphens, word starts and one typo are forgiven.',
        querystring: searchQuery,
        response: { 200: z.array(productResponse) },
      },
    },
    async (request) =>
      (await app.productSearch.search(request.query.q)).slice(0, request.query.limit),
  );

  const byAddress = { schema: { params: addressParams, response: oneProduct } };
  const byStrainAddress = { schema: { params: strainAddressParams, response: oneProduct } };
  app.get('/api/products/by-url/:category/:subcategory/:name', byAddress, findByAddress);
  app.get(
    '/api/products/by-url/:category/:subcategory/:strain/:name',
    byStrainAddress,
    findByAddress,
  );
  async function findByAddress(
    request: FastifyRequest<{
      Params: z.output<typeof strainAddressParams> | z.output<typeof addressParams>;
    }>,
  ) {
    const product = await catalog.findProductByAddress(app.db.kysely, request.params);
    if (!product) throw notFound('Product');
    return product;
  }

  app.get(
    '/api/products/:id',
    { schema: { params: productIdParams, response: oneProduct } },
    async (request) => {
      const product = await catalog.findProduct(app.db.kysely, request.params.id);
      if (!product) throw notFound('Product');
      return product;
    },
  );
}
