import { z } from 'zod';
import {
  categoryPatchSchema,
  categoryReorderSchema,
  categoryResponse,
  categorySchema,
} from '../../../shared/schemas/categories';
import { noContent, successResponse } from '../../../shared/schemas/http';
import { published } from '../../events/publish';
import { idParams, validateOnly, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import {
  createCategory,
  deleteCategory,
  listCategories,
  reorderCategories,
  updateCategory,
} from './service';

/** Category calls of spec §7; every dealer change also sends the whole list (categories-updated). */
export async function categoryRoutes(app: ApiApp): Promise<void> {
  app.get(
    '/api/categories',
    { schema: { response: { 200: z.array(categoryResponse) } } },
    async () => listCategories(app.db.kysely),
  );

  const params = withSummary(idParams, 'Invalid category id');
  const body = withSummary(categorySchema, 'Invalid category');
  const audited = { auditedByService: true };
  const createSchema = { body, response: { 201: categoryResponse } };
  const create = { config: audited, schema: createSchema };
  app.post('/api/categories', create, async (request, reply) => {
    const category = published(app, await createCategory(app.db, request.body, actorOf(request)));
    return reply.status(201).send(category);
  });

  const order = withSummary(categoryReorderSchema, 'Invalid category order');
  const reorderSchema = { body: order, response: { 200: successResponse } };
  app.put(
    '/api/categories/reorder',
    { config: audited, schema: reorderSchema },
    async (request) => {
      published(app, await reorderCategories(app.db, request.body, actorOf(request)));
      return { success: true };
    },
  );

  const patch = validateOnly(categoryPatchSchema, 'Invalid category');
  const patchSchema = { params, body: patch, response: { 200: categoryResponse } };
  app.patch('/api/categories/:id', { config: audited, schema: patchSchema }, async (request) => {
    const { id } = request.params;
    return published(app, await updateCategory(app.db, id, request.body, actorOf(request)));
  });

  const deleteSchema = { params, response: { 204: noContent } };
  const remove = { config: audited, schema: deleteSchema };
  app.delete('/api/categories/:id', remove, async (request, reply) => {
    const { id } = request.params;
    published(app, await deleteCategory(app.db, id, actorOf(request)));
    return reply.status(204).send(null);
  });
}
