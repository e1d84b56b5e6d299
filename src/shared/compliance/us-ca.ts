import type { RuleSet } from './rule-set';

/** California adult-use retail (not medical), as of 2026. */
export const usCa: RuleSet = {
  id: 'US-CA',
  name: 'California (adult-use)',
  summary: [
    'Daily purchase limits per customer: 28.5 g of non-concentrated cannabis and 8 g of concentrated cannabis, counted over every order of the shop day.',
    'Cannabis excise tax on gross receipts (goods after discount plus the delivery fee), at the rate in force on the order date.',
    'Sales tax on the goods plus the excise tax, at your rate or the delivery zone’s rate.',
    'An optional local cannabis business tax line, when you set its rate.',
  ],
  purchaseLimits: [
    {
      kind: 'cannabis',
      grams: 28.5,
      label: 'flower',
      from: '2019-01-16',
      until: null,
      source: 'DCC, Cal. Code Regs. tit. 4, §15409(a)(1): 28.5 grams of non-concentrated cannabis',
    },
    {
      kind: 'concentrate',
      grams: 8,
      label: 'concentrate',
      from: '2019-01-16',
      until: null,
      source: 'DCC, Cal. Code Regs. tit. 4, §15409(a)(2): 8 grams of concentrated cannabis',
    },
  ],
  exciseTax: {
    name: 'Cannabis excise tax',
    rates: [
      {
        ratePercent: 15,
        from: '2022-07-01',
        until: '2025-06-30',
        source: 'AB 195 (2022), Rev. & Tax. Code §34011.2; CDTFA cannabis tax facts',
      },
      {
        ratePercent: 19,
        from: '2025-07-01',
        until: '2025-09-30',
        source: 'CDTFA rate adjustment under Rev. & Tax. Code §34011.2(b) (L-1005)',
      },
      {
        ratePercent: 15,
        from: '2025-10-01',
        until: null,
        source: 'AB 564 (2025): the rate returns to 15% from 1 October 2025',
      },
    ],
  },
  salesTax: {
    name: 'Sales tax',
    source:
      'CDTFA Publication 557, Tax Guide for Cannabis Businesses: sales tax applies to the excise tax too',
  },
  localTax: {
    name: 'Local cannabis business tax',
    source: 'Set by the city or county of the shop’s licence (e.g. Oakland, Los Angeles)',
  },
};
