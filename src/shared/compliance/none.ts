import type { RuleSet } from './rule-set';

/** The spec's behaviour: no purchase limits, no tax lines. */
export const none: RuleSet = {
  id: 'none',
  name: 'No rule set',
  summary: [
    'No daily purchase limits.',
    'No tax lines: totals are subtotal - discount + delivery fee, as the storefront spec says.',
  ],
  purchaseLimits: [],
  exciseTax: null,
  salesTax: null,
  localTax: null,
};
