import { noContent } from '../../../shared/schemas/http';
import {
  INVALID_SLOT,
  scheduleSlotResponse,
  scheduleSlotSchema,
} from '../../../shared/schemas/schedule';
import {
  changesCompliance,
  changesOrderLimits,
  dealerSettingsPatchSchema,
  dealerSettingsResponse,
} from '../../../shared/schemas/settings';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf, requirePermission } from '../auth/guard';
import { createScheduleSlot, deleteScheduleSlot, saveDealerSettings } from './admin-service';

/** Dealer schedule calls of spec §7: date slots (and override markers) and the weekly availability. */
export async function schedulingAdminRoutes(app: ApiApp): Promise<void> {
  const schedule = { permission: 'schedule', auditedByService: true } as const;
  const slotBody = withSummary(scheduleSlotSchema, INVALID_SLOT);
  const createSchema = { body: slotBody, response: { 201: scheduleSlotResponse } };
  app.post(
    '/api/schedule-slots',
    { config: schedule, schema: createSchema },
    async (request, reply) => {
      const created = await createScheduleSlot(app.db, request.body, actorOf(request));
      const slot = published(app, created);
      return reply.status(201).send(slot);
    },
  );

  const params = withSummary(idParams, 'Invalid slot id');
  const deleteSchema = { params, response: { 204: noContent } };
  app.delete(
    '/api/schedule-slots/:id',
    { config: schedule, schema: deleteSchema },
    async (request, reply) => {
      const { id } = request.params;
      published(app, await deleteScheduleSlot(app.db, id, actorOf(request)));
      return reply.status(204).send(null);
    },
  );

  const settingsBody = withSummary(dealerSettingsPatchSchema, 'Invalid settings');
  const settingsSchema = { body: settingsBody, response: { 200: dealerSettingsResponse } };
  app.patch(
    '/api/dealer-settings',
    { config: schedule, schema: settingsSchema },
    async (request) => {
      if (changesCompliance(request.body) || changesOrderLimits(request.body))
        requirePermission(request, 'settings');
      return published(app, await saveDealerSettings(app.db, request.body, actorOf(request)));
    },
  );
}
