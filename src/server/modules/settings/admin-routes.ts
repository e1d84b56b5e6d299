import {
  changesCompliance,
  changesOrderLimits,
  dealerSettingsPatchSchema,
  dealerSettingsResponse,
} from '../../../shared/schemas/settings';
import { published } from '../../events/publish';
import { withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf, requirePermission } from '../auth/guard';
import { saveDealerSettings } from './admin-service';

/**
 * The dealer's settings call of spec §7. Whoever runs the schedule saves the weekly availability;
 * taxes, the rule set and order limits need the settings permission as well.
 */
export async function settingsAdminRoutes(app: ApiApp): Promise<void> {
  const schedule = { permission: 'schedule', auditedByService: true } as const;
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
