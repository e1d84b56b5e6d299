import { dealerSettingsResponse } from '../../../shared/schemas/settings';
import type { ApiApp } from '../../http/openapi';
import { getDealerSettings } from './service';

/** The dealer's settings as the storefront and the back office read them. */
export async function settingsRoutes(app: ApiApp): Promise<void> {
  const settings = { schema: { response: { 200: dealerSettingsResponse } } };
  app.get('/api/dealer-settings', settings, async () => getDealerSettings(app.db.kysely));
}
