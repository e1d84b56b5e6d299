import type { FastifyInstance } from 'fastify';
import { featuredSchema } from '../../../shared/admin-schemas';
import { idParams, parseInput } from '../../http/errors';
import { createProduct, deleteProduct, setProductFeatured, updateProduct } from './admin-service';

/** Dealer product calls of spec §7 (dealer-only: the guard protects every /api write). */
export async function productAdminRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/products', async (request, reply) => {
    const product = await createProduct(app.db, request.body);
    app.events.publish('product-created', product);
    return reply.status(201).send(product);
  });

  app.patch('/api/products/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid product id');
    const product = await updateProduct(app.db, id, request.body);
    app.events.publish('product-updated', product);
    return product;
  });

  app.delete('/api/products/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'Invalid product id');
    await deleteProduct(app.db, id);
    app.events.publish('product-deleted', { id });
    return reply.status(204).send();
  });

  app.patch('/api/products/:id/featured', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid product id');
    const { featured } = parseInput(featuredSchema, request.body, 'Invalid featured status');
    const product = await setProductFeatured(app.db, id, featured);
    app.events.publish('product-updated', product);
    return { id: product.id, name: product.name, featured: product.featured };
  });
}
