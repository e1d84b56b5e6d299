import { z } from 'zod';
import { scheduleSlotResponse } from '../../../shared/schemas/schedule';
import type { ApiApp } from '../../http/openapi';
import { listScheduleSlots } from './service';

export async function schedulingRoutes(app: ApiApp): Promise<void> {
  const slots = { schema: { response: { 200: z.array(scheduleSlotResponse) } } };
  app.get('/api/schedule-slots', slots, async () => listScheduleSlots(app.db.kysely));
}
