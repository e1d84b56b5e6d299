import type { RuleSet } from '@shared/compliance/rule-set';
import { ruleSetFor } from '@shared/compliance/rule-sets';
import type { DealerSettings } from '@shared/schemas/settings';
import { readQuery } from '@web/lib/read-query';

export type { DealerSettings };

/** The weekly availability: public (checkout) and the dealer's (dashboard, Schedule Manager). */
export const dealerSettingsKeys = { all: ['dealer-settings'] as const };

/**
 * Never stale (spec §7's default): the socket replaces the settings whenever the dealer saves
 * them and sends them again on every (re)connect. Read as stale, every price on a page asked
 * for them again as it mounted, one GET after another (eight on the home page's first load).
 */
const dealerSettingsRead = readQuery<DealerSettings>(
  dealerSettingsKeys.all,
  '/api/dealer-settings',
  { staleTime: Number.POSITIVE_INFINITY },
);

export const getDealerSettings = dealerSettingsRead.fetch;
export const dealerSettingsQueryOptions = dealerSettingsRead.queryOptions;
export const useDealerSettings = dealerSettingsRead.use;

/** The rule set the shop runs under (its settings' jurisdiction); none until they load. */
export function useRuleSet(): RuleSet {
  return ruleSetFor(useDealerSettings().data?.jurisdiction);
}
