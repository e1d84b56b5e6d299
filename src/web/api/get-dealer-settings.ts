import type { dealerSettingsResponse } from '@shared/api-schemas';
import type { RuleSet } from '@shared/compliance/rule-set';
import { ruleSetFor } from '@shared/compliance/rule-sets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { z } from 'zod';

export type DealerSettings = z.output<typeof dealerSettingsResponse>;

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
