import { z } from 'zod';
import { noContent } from '../../../shared/schemas/http';
import { deliveryZoneResponse, deliveryZoneSchema } from '../../../shared/schemas/zones';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import {
  createDeliveryZone,
  deleteDeliveryZone,
  listDeliveryZones,
  updateDeliveryZone,
} from './service';

const INVALID_ZONE = 'Invalid delivery zone';

/** The dealer's delivery zones; everyone may read them (the cart checks a postal code). */
export async function deliveryZoneRoutes(app: ApiApp): Promise<void> {
  const list = { schema: { response: { 200: z.array(deliveryZoneResponse) } } };
  app.get('/api/delivery-zones', list, async () => listDeliveryZones(app.db.kysely));

  const body = withSummary(deliveryZoneSchema, INVALID_ZONE);
  const config = { auditedByService: true };
  const create = { config, schema: { body, response: { 201: deliveryZoneResponse } } };
  app.post('/api/delivery-zones', create, async (request, reply) => {
    const zone = published(app, await createDeliveryZone(app.db, request.body, actorOf(request)));
    return reply.status(201).send(zone);
  });

  const params = withSummary(idParams, 'Invalid zone id');
  const changes = withSummary(deliveryZoneSchema.partial(), INVALID_ZONE);
  const update = {
    config,
    schema: { params, body: changes, response: { 200: deliveryZoneResponse } },
  };
  app.patch('/api/delivery-zones/:id', update, async (request) => {
    const { id } = request.params;
    return published(app, await updateDeliveryZone(app.db, id, request.body, actorOf(request)));
  });

  const remove = { config, schema: { params, response: { 204: noContent } } };
  app.delete('/api/delivery-zones/:id', remove, async (request, reply) => {
    published(app, await deleteDeliveryZone(app.db, request.params.id, actorOf(request)));
    return reply.status(204).send(null);
  });
}
