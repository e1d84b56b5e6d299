import { describe, expect, it } from 'vitest';
import { OVERRIDE_MARKER } from './constants';
import { scheduleStats } from './schedule-stats';

describe('schedule stats (spec §2.12)', () => {
  it('counts slots, slots with orders, orders and available days', () => {
    const stats = scheduleStats(
      [
        { notes: null, currentOrders: 2 },
        { notes: null, currentOrders: 0 },
        { notes: 'gate code 12', currentOrders: 1 },
      ],
      ['Monday', 'Tuesday'],
    );
    expect(stats).toEqual({ totalSlots: 3, bookedSlots: 2, totalOrders: 3, availableDays: 2 });
  });

  it('leaves out the markers that close a date: they are not delivery slots', () => {
    const stats = scheduleStats(
      [
        { notes: OVERRIDE_MARKER.notes, currentOrders: 0 },
        { notes: null, currentOrders: 0 },
      ],
      [],
    );
    expect(stats).toEqual({ totalSlots: 1, bookedSlots: 0, totalOrders: 0, availableDays: 0 });
  });

  it('counts a weekday once however it is written', () => {
    expect(scheduleStats([], ['Monday', 'monday ', 'Friday']).availableDays).toBe(2);
    expect(scheduleStats([]).availableDays).toBe(0);
  });
});
