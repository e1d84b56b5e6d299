import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars, roundHalfUp, toCents, toDollars } from './money';

describe('toCents', () => {
  it('converts dollars to integer cents', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0)).toBe(0);
    expect(toCents(-1)).toBe(-100);
  });

  it('rounds half up despite float noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(0.125)).toBe(13);
    expect(toCents(0.124)).toBe(12);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('never yields negative zero', () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });
});

describe('roundHalfUp', () => {
  it('rounds .5 towards positive infinity', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(-2.5)).toBe(-2);
    expect(roundHalfUp(2.4999)).toBe(2);
  });
});

describe('toDollars and formatting', () => {
  it('converts cents back to dollars', () => {
    expect(toDollars(1234)).toBe(12.34);
  });

  it('formats with a dollar sign and two decimals', () => {
    expect(formatCents(1234)).toBe('$12.34');
    expect(formatCents(500)).toBe('$5.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-250)).toBe('-$2.50');
    expect(formatDollars(45)).toBe('$45.00');
    expect(formatDollars(1.005)).toBe('$1.01');
  });
});
