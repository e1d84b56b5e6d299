import { describe, expect, it } from 'vitest';
import type { DatedRate, EffectiveDates } from './rule-set';
import { RULE_SETS, ruleSetFor } from './rule-sets';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDates(rule: EffectiveDates) {
  for (const date of [rule.from, rule.until]) if (date !== null) expect(date).toMatch(DATE);
  if (rule.from && rule.until) expect(rule.from <= rule.until).toBe(true);
}

/** Rates of one tax never overlap: on any date at most one is in force. */
function checkNoOverlap(rates: readonly DatedRate[]) {
  const sorted = [...rates].sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
  for (let i = 1; i < sorted.length; i++) {
    const previousUntil = sorted[i - 1].until;
    expect(previousUntil).not.toBeNull();
    expect(previousUntil! < (sorted[i].from ?? '')).toBe(true);
  }
}

describe.each(Object.values(RULE_SETS))('rule set $id', (ruleSet) => {
  it('every rule is dated and names its source', () => {
    for (const limit of ruleSet.purchaseLimits) {
      checkDates(limit);
      expect(limit.source.length).toBeGreaterThan(10);
      expect(limit.grams).toBeGreaterThan(0);
    }
    for (const rate of ruleSet.exciseTax?.rates ?? []) {
      checkDates(rate);
      expect(rate.source.length).toBeGreaterThan(10);
    }
    checkNoOverlap(ruleSet.exciseTax?.rates ?? []);
    for (const tax of [ruleSet.localTax, ruleSet.exciseTax, ruleSet.salesTax]) {
      if (!tax) continue;
      expect(tax.source.length).toBeGreaterThan(10);
      expect(tax.base.length).toBeGreaterThan(0);
    }
    expect(ruleSet.summary.length).toBeGreaterThan(0);
  });
});

describe('ruleSetFor', () => {
  it('finds a rule set by id and falls back to none for anything else', () => {
    expect(ruleSetFor('US-CA').name).toBe('California (adult-use)');
    expect(ruleSetFor('constructor').id).toBe('none');
    expect(ruleSetFor(null).id).toBe('none');
  });
});
