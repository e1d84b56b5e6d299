import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './constants';
import {
  freebieQuantity,
  isBogo50Code,
  isPromotionValidOn,
  normalizePromoCode,
  promotionsForBanner,
  toAppliedPromotion,
  validDaysSummary,
  weekdayOf,
  wrongDayMessage,
} from './promotions';

// 2024-01-01 was a Monday.
const monday = new Date(2024, 0, 1, 12);
const sunday = new Date(2024, 0, 7, 23, 59);

describe('weekdayOf', () => {
  it('names the local weekday in lowercase', () => {
    expect(weekdayOf(monday)).toBe('monday');
    expect(weekdayOf(new Date(2024, 0, 3, 0, 0))).toBe('wednesday');
    expect(weekdayOf(sunday)).toBe('sunday');
  });
});

describe("weekdayOf in the shop's time zone", () => {
  it('names the weekday where the shop is, whatever the runtime zone', () => {
    const instant = new Date('2026-11-30T01:30:00Z');
    expect(weekdayOf(instant, 'America/Los_Angeles')).toBe('sunday');
    expect(weekdayOf(instant, 'Europe/London')).toBe('monday');
    expect(weekdayOf(instant, 'Asia/Tokyo')).toBe('monday');
    expect(
      promotionsForBanner(
        [{ active: true, validDays: ['sunday'], displayOrder: 1 }],
        instant,
        'America/Los_Angeles',
      ),
    ).toHaveLength(1);
  });
});

describe('isPromotionValidOn', () => {
  it('needs the promotion active and today among its valid days', () => {
    expect(isPromotionValidOn({ active: true, validDays: ['monday'] }, monday)).toBe(true);
    expect(isPromotionValidOn({ active: true, validDays: ['tuesday'] }, monday)).toBe(false);
    expect(isPromotionValidOn({ active: false, validDays: ['monday'] }, monday)).toBe(false);
  });

  it('treats no valid days as never', () => {
    expect(isPromotionValidOn({ active: true, validDays: [] }, sunday)).toBe(false);
    expect(isPromotionValidOn({ active: true, validDays: [] }, monday)).toBe(false);
  });

  it('reads weekday names case-insensitively', () => {
    expect(isPromotionValidOn({ active: true, validDays: ['Monday'] }, monday)).toBe(true);
  });
});

describe('promotionsForBanner', () => {
  it('keeps active promotions valid today, by displayOrder', () => {
    const promos = [
      { id: 1, active: true, validDays: ['monday' as const], displayOrder: 3 },
      { id: 2, active: true, validDays: [], displayOrder: 1 },
      { id: 3, active: false, validDays: ['monday' as const], displayOrder: 0 },
      { id: 4, active: true, validDays: ['friday' as const], displayOrder: 2 },
      { id: 5, active: true, validDays: ['monday' as const], displayOrder: 999 },
    ];
    expect(promotionsForBanner(promos, monday).map((p) => p.id)).toEqual([1, 5]);
  });
});

describe('promo codes', () => {
  it('normalises by trimming and upper-casing', () => {
    expect(normalizePromoCode('  save10 ')).toBe('SAVE10');
  });

  it('recognises BOGO50 case-insensitively', () => {
    expect(isBogo50Code('bogo50')).toBe(true);
    expect(isBogo50Code(' BoGo50 ')).toBe(true);
    expect(isBogo50Code('BOGO5')).toBe(false);
  });

  it('builds the engine view of a stored promotion', () => {
    expect(
      toAppliedPromotion({
        promoCode: 'bogo50',
        discountType: 'fixed',
        discountAmount: 0,
        applicableCategories: [],
        isBogo50: false,
        freebieProductId: null,
      }),
    ).toEqual({
      promoCode: 'BOGO50',
      discountType: 'fixed',
      discountAmount: 0,
      applicableCategories: [],
      isBogo50: true,
      freebieProductId: null,
    });
  });
});

describe('freebieQuantity', () => {
  it('is 1/8 Oz for flower, 1 for prerolls and everything else', () => {
    expect(freebieQuantity({ category: 'flower', subcategory: null })).toBe('1/8 Oz');
    expect(freebieQuantity({ category: 'flower', subcategory: 'pre-rolls' })).toBe('1');
    expect(freebieQuantity({ category: 'edibles', subcategory: null })).toBe('1');
  });
});

describe('validDaysSummary / wrongDayMessage ("not valid" says why)', () => {
  it('joins neighbouring days with a dash, Monday first', () => {
    expect(validDaysSummary(['sunday', 'saturday'])).toBe('Sat-Sun');
    expect(validDaysSummary(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])).toBe(
      'Mon-Fri',
    );
    expect(validDaysSummary(['friday', 'monday', 'wednesday'])).toBe('Mon, Wed, Fri');
    expect(validDaysSummary(['monday', 'tuesday', 'thursday'])).toBe('Mon-Tue, Thu');
    expect(validDaysSummary([...WEEKDAYS])).toBe('Every day');
  });

  it('names the code and its days', () => {
    expect(wrongDayMessage({ promoCode: 'weekend15', validDays: ['saturday', 'sunday'] })).toBe(
      'WEEKEND15 is valid Sat-Sun only',
    );
  });
});
