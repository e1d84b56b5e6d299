import { noContent } from '../../../shared/schemas/http';
import {
  featuredSchema,
  productPatchSchema,
  productResponse,
  productSchema,
} from '../../../shared/schemas/products';
import { metrcSettings } from '../../config';
import { published } from '../../events/publish';
import { validateOnly, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { createProduct, deleteProduct, setProductFeatured, updateProduct } from './admin-service';
import { productIdParams } from './routes';

/** Dealer product calls of spec §7 (dealer-only: the guard protects every /api write). */
export async function productAdminRoutes(app: ApiApp): Promise<void> {
  const audited = { auditedByService: true };
  const productBody = withSummary(productSchema, 'Invalid product');
  const schema = { body: productBody, response: { 201: productResponse } };
  app.post('/api/products', { config: audited, schema }, async (request, reply) => {
    const trackAndTrace = metrcSettings(app.config) !== null;
    const outcome = await createProduct(app.db, request.body, actorOf(request), { trackAndTrace });
    const product = published(app, outcome);
    return reply.status(201).send(product);
  });

  const patch = validateOnly(productPatchSchema, 'Invalid product');
  const patchSchema = { params: productIdParams, body: patch, response: { 200: productResponse } };
  app.patch('/api/products/:id', { config: audited, schema: patchSchema }, async (request) => {
    const { id } = request.params;
    const trackAndTrace = metrcSettings(app.config) !== null;
    const outcome = await updateProduct(app.db, id, request.body, actorOf(request), {
      trackAndTrace,
    });
    return published(app, outcome);
  });

  const deleteSchema = { params: productIdParams, response: { 204: noContent } };
  const deleteRoute = { config: audited, schema: deleteSchema };
  app.delete('/api/products/:id', deleteRoute, async (request, reply) => {
    const { id } = request.params;
    published(app, await deleteProduct(app.db, id, actorOf(request)));
    return reply.status(204).send(null);
  });

  const featuredBody = withSummary(featuredSchema, 'Invalid featured status');
  const featuredAnswer = productResponse.pick({ id: true, name: true, featured: true });
  const featuredRoute = {
    config: audited,
    schema: { params: productIdParams, body: featuredBody, response: { 200: featuredAnswer } },
  };
  app.patch('/api/products/:id/featured', featuredRoute, async (request) => {
    const { id } = request.params;
    const { featured } = request.body;
    const changed = await setProductFeatured(app.db, id, featured, actorOf(request));
    const product = published(app, changed);
    return { id: product.id, name: product.name, featured: product.featured };
  });
}
