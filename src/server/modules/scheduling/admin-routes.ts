import { noContent } from '../../../shared/schemas/http';
import {
  INVALID_SLOT,
  scheduleSlotResponse,
  scheduleSlotSchema,
} from '../../../shared/schemas/schedule';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { createScheduleSlot, deleteScheduleSlot } from './admin-service';

/**
 * Dealer schedule calls of spec §7: date slots (and override markers). The weekly availability
 * is saved with the dealer's settings (settings/admin-routes.ts).
 */
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
}
