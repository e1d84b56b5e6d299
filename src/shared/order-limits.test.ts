import { describe, expect, it } from 'vitest';
import {
  acceptDeadline,
  cartSubtotalCents,
  ORDER_LIMIT_DEFAULTS,
  orderCapProblem,
  orderCapsNote,
  takesSlotPlaceAtPlacement,
} from './order-limits';
import { shopDayStart } from './shop-clock';

const ZONE = 'America/Los_Angeles';
const MINUTE = 60_000;

describe('order caps', () => {
  it('refuses a line over the count cap, then a subtotal over the order cap', () => {
    expect(orderCapProblem([{ name: 'Blue Dream', count: 10 }], 99_999, ORDER_LIMIT_DEFAULTS)).toBe(
      null,
    );
    expect(
      orderCapProblem([{ name: 'Blue Dream', count: 11 }], 100, ORDER_LIMIT_DEFAULTS),
    ).toMatchObject({ code: 'LINE_COUNT_CAP', index: 0 });
    expect(
      orderCapProblem([{ name: 'Blue Dream', count: 1 }], 100_001, ORDER_LIMIT_DEFAULTS),
    ).toMatchObject({ code: 'ORDER_SUBTOTAL_CAP' });
    expect(orderCapsNote(ORDER_LIMIT_DEFAULTS)).toBe(
      'Up to 10 of each item and $1,000 per order (before discounts).',
    );
  });

  it('counts a cart subtotal from its prices, unpriced lines as nothing', () => {
    expect(
      cartSubtotalCents([
        { price: 45, quantity: '1/8 Oz', count: 2 },
        { price: 12.5, quantity: '2', count: 1 },
        { price: -1, quantity: 'Bulk', count: 3 },
      ]),
    ).toBe(9000 + 2500);
  });

  it('an order with an unpriced line takes its slot place only when accepted', () => {
    expect(
      takesSlotPlaceAtPlacement([{ quantity: '1/8 Oz', unitPriceCents: 4500, count: 1 }]),
    ).toBe(true);
    expect(
      takesSlotPlaceAtPlacement([
        { quantity: '1/8 Oz', unitPriceCents: 4500, count: 1 },
        { quantity: 'Bulk', unitPriceCents: null, count: 1 },
      ]),
    ).toBe(false);
  });
});

describe('accept deadline', () => {
  const placed = '2026-12-01T18:00:00.000Z';
  it('gives a same-day or pickup order the dealer minutes from when it was placed', () => {
    const order = { createdAt: placed, deliveryDate: null, deliveryTimeWindow: null };
    for (const orderType of ['delivery', 'pickup'] as const)
      expect(
        acceptDeadline({ ...order, orderType }, ORDER_LIMIT_DEFAULTS, ZONE).toISOString(),
      ).toBe('2026-12-01T20:00:00.000Z');
  });

  it('gives a scheduled order until the lead time before its window, never less than a same-day order, never past the window', () => {
    const start = (date: string) => shopDayStart(date, ZONE).getTime() + 13 * 60 * MINUTE;
    const scheduled = (date: string, createdAt = placed) => ({
      orderType: 'scheduled' as const,
      createdAt,
      deliveryDate: date,
      deliveryTimeWindow: '1:00 PM - 3:00 PM',
    });
    // days ahead: an hour before 1 PM on its day
    expect(acceptDeadline(scheduled('2026-12-04'), ORDER_LIMIT_DEFAULTS, ZONE).getTime()).toBe(
      start('2026-12-04') - 60 * MINUTE,
    );
    // booked 70 minutes before its window: two hours, cut at the window's start
    const late = new Date(start('2026-12-01') - 70 * MINUTE).toISOString();
    expect(
      acceptDeadline(scheduled('2026-12-01', late), ORDER_LIMIT_DEFAULTS, ZONE).getTime(),
    ).toBe(start('2026-12-01'));
  });
});
