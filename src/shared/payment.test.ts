import { describe, expect, it } from 'vitest';
import { paymentProblem, paymentSchema } from './payment';

describe('the payment collected at handover', () => {
  it('settles the total: cash at least the total, a debit card exactly', () => {
    expect(paymentProblem(54.28, { method: 'cash', collected: 60 })).toBeNull();
    expect(paymentProblem(54.28, { method: 'cash', collected: 54.28 })).toBeNull();
    expect(paymentProblem(54.28, { method: 'cash', collected: 50 })).toBe(
      '$50.00 is short of the total, $54.28, by $4.28.',
    );
    expect(paymentProblem(54.28, { method: 'debit', collected: 54.28 })).toBeNull();
    expect(paymentProblem(54.28, { method: 'debit', collected: 60 })).toBe(
      'A debit payment is the total: $54.28.',
    );
  });

  it('takes dollars in whole cents and a known method only', () => {
    expect(paymentSchema.safeParse({ method: 'cash', collected: 54.28 }).success).toBe(true);
    expect(paymentSchema.safeParse({ method: 'cash', collected: 54.285 }).success).toBe(false);
    expect(paymentSchema.safeParse({ method: 'cash', collected: -1 }).success).toBe(false);
    expect(paymentSchema.safeParse({ method: 'crypto', collected: 5 }).success).toBe(false);
  });
});
