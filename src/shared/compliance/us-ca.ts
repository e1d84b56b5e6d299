import type { RuleSet } from './rule-set';

const TAX_FACTS =
  'CDTFA, Tax Facts for Cannabis Businesses, Gross Receipts Subject to Cannabis Excise Tax (cdtfa.ca.gov/industry/cannabis/tax-facts.htm)';

/** California adult-use retail (not medical), as of 2026. */
export const usCa: RuleSet = {
  id: 'US-CA',
  name: 'California (adult-use)',
  summary: [
    'Daily purchase limits per customer: 28.5 g of non-concentrated cannabis and 8 g of concentrated cannabis, counted over every order of the shop day.',
    'An optional local cannabis business tax on the cannabis goods, when you set its rate.',
    'Cannabis excise tax on the gross receipts of cannabis (cannabis goods after discount, the delivery fee and the local cannabis tax), at the rate in force on the order date. Accessories and merchandise pay none.',
    'Sales tax on those gross receipts plus the excise tax and any accessories or merchandise, at your rate or the delivery zone’s rate.',
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
  localTax: {
    name: 'Local cannabis business tax',
    source: `Set by the city or county of the shop’s licence (Rev. & Tax. Code §34021.5; e.g. Los Angeles, Oakland); on the selling price of the cannabis, as in the worked example of ${TAX_FACTS}`,
    base: ['cannabisGoods'],
  },
  exciseTax: {
    name: 'Cannabis excise tax',
    source: `Rev. & Tax. Code §34011.2: imposed on purchasers of cannabis on the gross receipts of each retail sale; Cal. Code Regs. tit. 18, §3802 and ${TAX_FACTS}: gross receipts include the selling price, a local cannabis business tax passed on to the customer and the charge for delivering in the shop’s own vehicle`,
    base: ['cannabisGoods', 'deliveryFee', 'localTax'],
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
        source:
          'CDTFA Special Notice L-979, New Cannabis Excise Tax Rate Effective July 1, 2025 (Rev. & Tax. Code §34011.2(b))',
      },
      {
        ratePercent: 15,
        from: '2025-10-01',
        until: null,
        source:
          'AB 564 (2025): the rate returns to 15% from 1 October 2025; CDTFA Special Notice L-992',
      },
    ],
  },
  salesTax: {
    name: 'Sales tax',
    source: `${TAX_FACTS}: the gross receipts subject to sales tax are those subject to excise plus the excise tax; non-cannabis goods pay sales tax alone (CDTFA Publication 557, Tax Help for the Cannabis Industry)`,
    base: ['exciseBase', 'excise', 'nonCannabisGoods'],
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
