import { type DealerSettings, dealerSettingsKeys } from '@web/api/get-dealer-settings';
import { type SettingsFormOptions, useSettingsForm } from '@web/hooks/use-settings-form';
import type { FieldValues } from 'react-hook-form';
import { saveDealerSettings } from '../api/save-compliance';

type DealerSettingsBody = Parameters<typeof saveDealerSettings>[0];

/** What one section of the dealer settings adds: how its inputs hold the settings, and its checks. */
type DealerSettingsSection<Values extends FieldValues, Output extends DealerSettingsBody> = Pick<
  SettingsFormOptions<Values, Output, DealerSettings>,
  'toForm' | 'resolver' | 'fieldFor' | 'what'
>;

/**
 * A form over one section of the dealer settings: every section saves through the same PATCH
 * and keeps the one cached copy of the settings up to date.
 */
export function useDealerSettingsForm<
  Values extends FieldValues,
  Output extends DealerSettingsBody,
>(settings: DealerSettings, section: DealerSettingsSection<Values, Output>) {
  return useSettingsForm({
    ...section,
    saved: settings,
    save: saveDealerSettings,
    queryKey: dealerSettingsKeys.all,
  });
}
