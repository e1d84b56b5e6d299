import { planCheckWindow, planOverride } from '@shared/availability';
import { WEEKLY_WINDOWS } from '@shared/constants';
import type { Order } from '@shared/schemas/orders';
import type { ScheduleSlot } from '@shared/schemas/schedule';
import { describe, expect, it } from 'vitest';
import { dayStatus, dayWindows, ordersByWindow, restoreKind } from './day-schedule';

// 2026-11-23 is a Monday, 2026-11-22 a Sunday
const settings = {
  availableDays: ['Monday', 'Tuesday'],
  deliveryHours: JSON.stringify(['11:00 AM - 1:00 PM', '1:00 PM - 3:00 PM']),
};
let nextId = 1;
const asSlots = (plan: { create: Omit<ScheduleSlot, 'id' | 'currentOrders'>[] }): ScheduleSlot[] =>
  plan.create.map((c) => ({ ...c, id: nextId++, currentOrders: 0 }));

describe('day schedule (spec §4)', () => {
  it('reads weekly, custom and closed days', () => {
    expect(dayStatus('2026-11-23', [], settings)).toBe('weekly');
    expect(dayStatus('2026-11-22', [], settings)).toBe('closed');
    const marker = asSlots(planOverride('2026-11-23', []));
    expect(dayStatus('2026-11-23', marker, settings)).toBe('custom');
    expect(dayWindows('2026-11-23', marker, settings).every((w) => !w.offered)).toBe(true);
  });

  it('lists every weekly window, offered ones checked', () => {
    const windows = dayWindows('2026-11-23', [], settings);
    expect(windows.map((w) => w.window)).toEqual([...WEEKLY_WINDOWS]);
    expect(windows.filter((w) => w.offered).map((w) => w.window)).toEqual([
      '11:00 AM - 1:00 PM',
      '1:00 PM - 3:00 PM',
    ]);
  });

  it('a checked window on a closed day becomes an explicit slot', () => {
    const slots = asSlots(planCheckWindow('2026-11-22', '9:00 PM - 11:00 PM', [], settings));
    const offered = dayWindows('2026-11-22', slots, settings).filter((w) => w.offered);
    expect(offered.map((w) => w.window)).toEqual(['9:00 PM - 11:00 PM']);
    expect(restoreKind('2026-11-22', settings)).toBe('clear');
    expect(restoreKind('2026-11-23', settings)).toBe('restore');
  });

  it('groups accepted orders of the date by window, unspecified last', () => {
    const order = (id: number, status: string, date: string | null, window: string | null) =>
      ({ id, status, deliveryDate: date, deliveryTimeWindow: window }) as Order;
    const groups = ordersByWindow(
      [
        order(1, 'accepted', '2026-11-23', '1:00 PM - 3:00 PM'),
        order(2, 'accepted', '2026-11-23', null),
        order(3, 'pending', '2026-11-23', '1:00 PM - 3:00 PM'),
        order(4, 'accepted', '2026-11-24', '9:00 AM - 11:00 AM'),
        order(5, 'accepted', '2026-11-23T00:00:00.000Z', '9:00 AM - 11:00 AM'),
      ],
      '2026-11-23',
    );
    expect(groups.map(([w, list]) => [w, list.map((o) => o.id)])).toEqual([
      ['9:00 AM - 11:00 AM', [5]],
      ['1:00 PM - 3:00 PM', [1]],
      ['Unspecified Time', [2]],
    ]);
  });
});
