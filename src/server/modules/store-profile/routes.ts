import { storeProfileResponse, storeProfileSchema } from '../../../shared/schemas/store-profile';
import { published } from '../../events/publish';
import { withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { getStoreProfile, saveStoreProfile } from './service';

const profileBody = withSummary(storeProfileSchema, 'Invalid store profile');

export async function storeProfileRoutes(app: ApiApp): Promise<void> {
  const read = { schema: { response: { 200: storeProfileResponse } } };
  app.get('/api/store-profile', read, async () => getStoreProfile(app.db.kysely));

  const write = {
    config: { auditedByService: true },
    schema: { body: profileBody, response: { 200: storeProfileResponse } },
  };
  app.put('/api/store-profile', write, async (request) =>
    published(app, await saveStoreProfile(app.db, request.body, actorOf(request))),
  );
}
