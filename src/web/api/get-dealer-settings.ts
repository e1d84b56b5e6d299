import type { RuleSet } from '@shared/compliance/rule-set';
import { ruleSetFor } from '@shared/compliance/rule-sets';
import type { DealerSettings } from '@shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { DealerSettings };

/** The weekly availability: public (checkout) and the dealer's (dashboard, Schedule Manager). */
export const dealerSettingsKeys = { all: ['dealer-settings'] as const };

export function getDealerSettings(): Promise<DealerSettings> {
  return apiFetch<DealerSettings>('/api/dealer-settings');
}

export const dealerSettingsQueryOptions = () =>
  queryOptions({ queryKey: dealerSettingsKeys.all, queryFn: getDealerSettings });

export function useDealerSettings(enabled = true) {
  return useQuery({ ...dealerSettingsQueryOptions(), enabled });
}

/** The rule set the shop runs under (its settings' jurisdiction); none until they load. */
export function useRuleSet(): RuleSet {
  return ruleSetFor(useDealerSettings().data?.jurisdiction);
}
