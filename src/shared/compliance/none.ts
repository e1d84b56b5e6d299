import type { RuleSet } from './rule-set';

/** The spec's behaviour: no purchase limits, no tax lines. */
export const none: RuleSet = {
  id: 'none',
  name: 'No rule set',
  summary: [
    'No daily purchase limits.',
    'No tax lines: totals are subtotal - discount + delivery fee, as the storefront spec says.',
    'Staff may set any status at any time and delete orders.',
  ],
  purchaseLimits: [],
  exciseTax: null,
  salesTax: null,
  localTax: null,
  salesRecords: null,
  hours: null,
  vehicleCaps: [],
  cannabisProducts: null,
  noFreeCannabis: null,
  deliveryState: null,
};
