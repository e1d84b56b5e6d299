import type { FastifyInstance } from 'fastify';
import { productAdminRoutes } from './catalog/admin-routes';
import { catalogCsvRoutes } from './catalog-csv/routes';
import { mediaRoutes } from './media/routes';
import { promotionAdminRoutes } from './promotions/admin-routes';
import { schedulingAdminRoutes } from './scheduling/admin-routes';
import { settingsAdminRoutes } from './settings/admin-routes';

/** The dealer's write calls of spec §7 (products, featured, promotions, schedule, settings, media) and the catalog CSV. */
export async function backOfficeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(productAdminRoutes);
  await app.register(promotionAdminRoutes);
  await app.register(schedulingAdminRoutes);
  await app.register(settingsAdminRoutes);
  await app.register(mediaRoutes);
  await app.register(catalogCsvRoutes);
}
