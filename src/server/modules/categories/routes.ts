import type { FastifyInstance } from 'fastify';
import { idParams, parseInput } from '../../http/errors';
import { listCategories, listProducts } from '../catalog/service';
import { createCategory, deleteCategory, reorderCategories, updateCategory } from './service';

/** Dealer category calls of spec §7; every change also sends the whole list (categories-updated). */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const publishLists = async (productsMoved: boolean) => {
    app.events.publish('categories-updated', await listCategories(app.db.kysely));
    if (productsMoved) app.events.publish('products-updated', await listProducts(app.db.kysely));
  };

  app.post('/api/categories', async (request, reply) => {
    const category = await createCategory(app.db, request.body);
    app.events.publish('category-created', category);
    await publishLists(false);
    return reply.status(201).send(category);
  });

  app.put('/api/categories/reorder', async (request) => {
    await reorderCategories(app.db, request.body);
    await publishLists(false);
    return { success: true };
  });

  app.patch('/api/categories/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'Invalid category id');
    const { category, productsMoved } = await updateCategory(app.db, id, request.body);
    app.events.publish('category-updated', category);
    await publishLists(productsMoved);
    return category;
  });

  app.delete('/api/categories/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'Invalid category id');
    const { createdUncategorized, productsMoved } = await deleteCategory(app.db, id);
    if (createdUncategorized) app.events.publish('category-created', createdUncategorized);
    app.events.publish('category-deleted', { id });
    await publishLists(productsMoved);
    return reply.status(204).send();
  });
}
