/**
 * How old a customer must be, as dated data like the rule sets in `../compliance`: a change in
 * the law is a new row, not an edit to the check.
 */
import { type EffectiveDates, isEffectiveOn } from '../compliance/rule-set';

export interface MinimumAgeRule extends EffectiveDates {
  rule: string;
  minimumAge: number;
  source: string;
}

export const MINIMUM_AGE_RULES: readonly MinimumAgeRule[] = [
  {
    rule: 'US-CA adult-use',
    minimumAge: 21,
    // adult-use retail sales began on 1 January 2018 (Proposition 64, MAUCRSA)
    from: '2018-01-01',
    until: null,
    source:
      'Cal. Bus. & Prof. Code §26140(a); DCC, Cal. Code Regs. tit. 4, §15404(a): adult-use sales only to customers at least 21, after inspecting a valid ID',
  },
];

/**
 * The rule in force on the shop date. Before any rule starts the strictest one applies: a
 * door check must never get more lenient because of a wrong or early date.
 */
export function minimumAgeRuleOn(
  date: string,
  rules: readonly MinimumAgeRule[] = MINIMUM_AGE_RULES,
): MinimumAgeRule {
  const inForce = rules.find((rule) => isEffectiveOn(rule, date));
  if (inForce) return inForce;
  return rules.reduce((strictest, rule) =>
    rule.minimumAge > strictest.minimumAge ? rule : strictest,
  );
}
