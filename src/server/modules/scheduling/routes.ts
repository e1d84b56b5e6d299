import { z } from 'zod';
import { scheduleSlotResponse } from '../../../shared/schemas/schedule';
import { dealerSettingsResponse } from '../../../shared/schemas/settings';
import type { ApiApp } from '../../http/openapi';
import { getDealerSettings, listScheduleSlots } from './service';

export async function schedulingRoutes(app: ApiApp): Promise<void> {
  const slots = { schema: { response: { 200: z.array(scheduleSlotResponse) } } };
  app.get('/api/schedule-slots', slots, async () => listScheduleSlots(app.db.kysely));
  const settings = { schema: { response: { 200: dealerSettingsResponse } } };
  app.get('/api/dealer-settings', settings, async () => getDealerSettings(app.db.kysely));
}
