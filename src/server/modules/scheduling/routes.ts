import type { FastifyInstance } from 'fastify';
import { getDealerSettings, listScheduleSlots } from './service';

export async function schedulingRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/schedule-slots', async () => listScheduleSlots(app.db.kysely));
  app.get('/api/dealer-settings', async () => getDealerSettings(app.db.kysely));
}
