import { describe, expect, it } from 'vitest';
import { MINIMUM_AGE_RULES, minimumAgeRuleOn } from './minimum-age';
import { ageOn, checkId, isExpiredOn, nameMatches, nameWords } from './rule';

const JANE = {
  dateOfBirth: '1990-05-20',
  expiry: '2029-05-20',
  firstName: 'JANE',
  lastName: 'DOE',
};
const TODAY = '2026-03-14';

describe('age by the calendar', () => {
  it('counts a year on the birthday, not the day before', () => {
    expect(ageOn('2005-03-14', '2026-03-13')).toBe(20);
    expect(ageOn('2005-03-14', '2026-03-14')).toBe(21);
    expect(ageOn('2005-12-31', '2026-01-01')).toBe(20);
  });

  it('someone born on 29 February turns a year older on 1 March in other years', () => {
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24);
    expect(ageOn('2004-02-29', '2028-02-28')).toBe(23);
  });

  it('refuses dates that are not YYYY-MM-DD days', () => {
    expect(() => ageOn('2005-02-30', TODAY)).toThrow(RangeError);
    expect(() => ageOn('03/14/2005', TODAY)).toThrow('date of birth "03/14/2005"');
    expect(() => isExpiredOn('2026-13-01', TODAY)).toThrow('expiry');
  });
});

describe('expiry', () => {
  it('an ID is valid through the day it expires', () => {
    expect(isExpiredOn(TODAY, TODAY)).toBe(false);
    expect(isExpiredOn('2026-03-13', TODAY)).toBe(true);
    expect(isExpiredOn('2026-03-15', TODAY)).toBe(false);
  });
});

describe('the name on the ID against the name on the order', () => {
  const matches = (orderName: string, id = { firstName: 'JANE', lastName: 'DOE' }) =>
    nameMatches(id, orderName);

  it('ignores case, accents, punctuation, spacing and middle names', () => {
    expect(matches('Jane Doe')).toBe(true);
    expect(matches('  jane   m.  doe ')).toBe(true);
    expect(matches('Doe, Jane')).toBe(true);
    expect(matches('Renée Lefèvre', { firstName: 'RENEE', lastName: 'LEFEVRE' })).toBe(true);
    expect(matches("Sean O'Brien", { firstName: 'SEAN', lastName: 'OBRIEN' })).toBe(true);
    expect(matches('Ana Smith Jones', { firstName: 'ANA', lastName: 'SMITH-JONES' })).toBe(true);
    expect(matches('Luis Delacruz', { firstName: 'LUIS', lastName: 'DE LA CRUZ' })).toBe(true);
  });

  it('reads names as plain lower-case words', () => {
    expect(nameWords("  José-María O'Brien ")).toEqual(['jose', 'maria', 'o', 'brien']);
  });

  it('an order with only a first name matches the first name', () => {
    expect(matches('Jane')).toBe(true);
    expect(matches('jane.')).toBe(true);
    expect(matches('Janet')).toBe(false);
    expect(matches('Doe')).toBe(false);
  });

  it('needs both names as whole words', () => {
    expect(matches('Jane Smith')).toBe(false);
    expect(matches('Janet Doe')).toBe(false);
    expect(matches('Jane Doerr')).toBe(false);
    expect(matches('')).toBe(false);
  });
});

describe('checkId', () => {
  it('passes a customer of age with a valid ID in their own name', () => {
    expect(checkId(JANE, { today: TODAY, customerName: 'Jane Doe' })).toEqual({
      pass: true,
      age: 35,
      checks: { ofAge: true, notExpired: true, nameMatches: true },
      reasons: [],
    });
  });

  it('gives every reason it fails, in words for the driver', () => {
    const id = { ...JANE, dateOfBirth: '2005-03-15', expiry: '2026-01-31' };
    expect(checkId(id, { today: TODAY, customerName: ' Jane  Smith' })).toEqual({
      pass: false,
      age: 20,
      checks: { ofAge: false, notExpired: false, nameMatches: false },
      reasons: [
        'Under 21 (age 20)',
        'ID expired on 2026-01-31',
        'Name on ID (JANE DOE) does not match the order (Jane Smith)',
      ],
    });
  });

  it('takes another minimum age when asked', () => {
    const id = { ...JANE, dateOfBirth: '2007-01-01' };
    expect(checkId(id, { today: TODAY, customerName: 'Jane Doe', minimumAge: 18 }).pass).toBe(true);
    expect(checkId(id, { today: TODAY, customerName: 'Jane Doe' }).reasons).toEqual([
      'Under 21 (age 19)',
    ]);
  });

  it('says so when the date of birth is after today', () => {
    const id = { ...JANE, dateOfBirth: '2026-03-15' };
    expect(checkId(id, { today: TODAY, customerName: 'Jane Doe' }).reasons).toEqual([
      'Date of birth (2026-03-15) is in the future',
    ]);
  });
});

describe('the minimum age, as dated data', () => {
  it('is 21 for California adult-use, with its source', () => {
    expect(minimumAgeRuleOn(TODAY)).toMatchObject({ rule: 'US-CA adult-use', minimumAge: 21 });
    expect(minimumAgeRuleOn(TODAY).source).toMatch(/§26140.*§15404/);
  });

  it('applies the strictest rule on a date before any rule starts', () => {
    const rules = [
      { rule: 'old', minimumAge: 18, from: '2010-01-01', until: '2017-12-31', source: 's' },
      { rule: 'new', minimumAge: 21, from: '2018-01-01', until: null, source: 's' },
    ];
    expect(minimumAgeRuleOn('2015-06-01', rules).minimumAge).toBe(18);
    expect(minimumAgeRuleOn('2009-06-01', rules).minimumAge).toBe(21);
    expect(minimumAgeRuleOn('2009-06-01', MINIMUM_AGE_RULES).minimumAge).toBe(21);
  });
});
