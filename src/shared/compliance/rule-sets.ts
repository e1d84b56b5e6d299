import { none } from './none';
import type { RuleSet } from './rule-set';
import { usCa } from './us-ca';

/** Every rule set the dealer can choose, by id. Add a state here after writing its data file. */
export const RULE_SETS = { none, 'US-CA': usCa } as const satisfies Record<string, RuleSet>;

export type Jurisdiction = keyof typeof RULE_SETS;

export const JURISDICTIONS = Object.keys(RULE_SETS) as [Jurisdiction, ...Jurisdiction[]];

export const DEFAULT_JURISDICTION: Jurisdiction = 'none';

export function ruleSetFor(jurisdiction: string | null | undefined): RuleSet {
  return Object.hasOwn(RULE_SETS, jurisdiction ?? '')
    ? RULE_SETS[jurisdiction as Jurisdiction]
    : RULE_SETS.none;
}
