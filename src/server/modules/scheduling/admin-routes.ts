import type { FastifyInstance } from 'fastify';
import { idParams, parseInput } from '../../http/errors';
import { createScheduleSlot, deleteScheduleSlot, saveDealerSettings } from './admin-service';

/** Dealer schedule calls of spec §7: date slots (and override markers) and the weekly availability. */
export async function schedulingAdminRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/schedule-slots', async (request, reply) => {
    const slot = await createScheduleSlot(app.db, request.body);
    app.events.publish('schedule-slot-created', slot);
    return reply.status(201).send(slot);
  });

  app.delete('/api/schedule-slots/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'Invalid slot id');
    await deleteScheduleSlot(app.db, id);
    app.events.publish('schedule-slot-deleted', { id });
    return reply.status(204).send();
  });

  app.patch('/api/dealer-settings', async (request) => {
    const settings = await saveDealerSettings(app.db, request.body);
    app.events.publish('dealer-settings-updated', settings);
    return settings;
  });
}
