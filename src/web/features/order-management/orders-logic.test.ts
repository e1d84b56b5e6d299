import type { Order } from '@shared/schemas/orders';
import { describe, expect, it } from 'vitest';
import { matchesOrderSearch, newestFirst, newOrderIds, splitOrders } from './orders-logic';

const order = (id: number, date: string, status = 'pending') =>
  ({
    id,
    date,
    status,
    customer: `Customer ${id}`,
    phone: `555-010${id}`,
    address: `${id} Elm Street`,
  }) as unknown as Order;

describe('orders logic', () => {
  it('sorts newest first and splits completed into history', () => {
    const list = [
      order(1, '2026-01-01T10:00:00Z'),
      order(2, '2026-01-02T10:00:00Z', 'completed'),
      order(3, '2026-01-03T10:00:00Z', 'on the way'),
    ];
    expect(newestFirst(list).map((o) => o.id)).toEqual([3, 2, 1]);
    const split = splitOrders(list, '');
    expect(split.active.map((o) => o.id)).toEqual([3, 1]);
    expect(split.history.map((o) => o.id)).toEqual([2]);
  });

  it('searches id, customer, phone and address', () => {
    const o = order(12, '2026-01-01T10:00:00Z');
    expect(matchesOrderSearch(o, '#12')).toBe(true);
    expect(matchesOrderSearch(o, 'customer 12')).toBe(true);
    expect(matchesOrderSearch(o, '555-0101')).toBe(true);
    expect(matchesOrderSearch(o, 'elm')).toBe(true);
    expect(matchesOrderSearch(o, 'oak')).toBe(false);
  });

  it('flags only orders that appear after the first load, when the count grows', () => {
    expect(newOrderIds(null, [{ id: 1 }])).toEqual([]);
    expect(newOrderIds([1], [{ id: 2 }, { id: 1 }])).toEqual([2]);
    expect(newOrderIds([1, 2], [{ id: 2 }])).toEqual([]);
  });
});
