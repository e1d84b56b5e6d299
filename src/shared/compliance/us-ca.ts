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
    'A sale is a record: once handed over it is final, a return is recorded beside it, and orders are voided with a reason, never deleted.',
    'Every handover needs a passed ID check (and a signature for deliveries), within 6:00 a.m. to 10:00 p.m., and the daily limits count the day the goods change hands.',
    'Deliveries go only to California addresses; a driver carries at most $10,000 of goods at once.',
    'Cannabis products state their grams, are not sold as Bulk and are never given away free.',
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
  salesRecords: {
    source:
      'DCC, Cal. Code Regs. tit. 4, §15037 (commercial cannabis records kept seven years), §15420 (a receipt for every sale) and §15404, §15415(g) (identity and age confirmed before the goods are handed over)',
  },
  hours: {
    opens: '06:00',
    closes: '22:00',
    source:
      'DCC, Cal. Code Regs. tit. 4, §15403 (sales between 6:00 a.m. and 10:00 p.m.) and §15415(d) (deliveries received only in those hours)',
  },
  vehicleCaps: [
    {
      cents: 500_000,
      from: '2019-01-16',
      until: '2022-12-31',
      source: 'DCC, Cal. Code Regs. tit. 4, §15418(a): at most $5,000 of goods in the vehicle',
    },
    {
      cents: 1_000_000,
      from: '2023-01-01',
      until: null,
      source:
        'Bus. & Prof. Code §26090.1(b) (AB 1014, 2022): at most $10,000 of goods, at current retail prices',
    },
  ],
  cannabisProducts: {
    source:
      'DCC, Cal. Code Regs. tit. 4, §15409 (limits by weight) and §15420(b) (the receipt states each item’s weight or volume)',
  },
  noFreeCannabis: {
    source:
      'Bus. & Prof. Code §26153: a licensee shall not give away cannabis goods as part of a business promotion; DCC §15411 (free cannabis goods)',
  },
  deliveryState: {
    code: 'CA',
    name: 'California',
    source:
      'DCC, Cal. Code Regs. tit. 4, §15416(a): deliveries only to a physical address in California',
  },
};
