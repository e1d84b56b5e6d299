import { describe, expect, it } from 'vitest';
import {
  addDays,
  availableDates,
  availableWindows,
  explicitSlotFor,
  firstAvailableDate,
  formatDateOnly,
  isDateOverridden,
  isOverrideMarker,
  isWindowOffered,
  parseDateOnly,
  parseDeliveryHours,
  planCheckWindow,
  planOverride,
  planRestore,
  planUncheckWindow,
  schedulingDates,
  sortWindows,
  splitWindow,
  timeToMinutes,
  weekdayOfDate,
  windowLabel,
} from './availability';
import { OVERRIDE_MARKER, WEEKLY_WINDOWS } from './constants';
import type { ScheduleSlot } from './schemas/schedule';

// 2024-01-01 was a Monday.
const MONDAY = '2024-01-01';
const TUESDAY = '2024-01-02';
const SUNDAY = '2024-01-07';

const settings = {
  availableDays: ['Monday', 'Wednesday', 'Friday'],
  deliveryHours: JSON.stringify(['1:00 PM - 3:00 PM', '9:00 AM - 11:00 AM', '5:00 PM - 7:00 PM']),
};
const WEEKLY = ['9:00 AM - 11:00 AM', '1:00 PM - 3:00 PM', '5:00 PM - 7:00 PM'];

let nextId = 1;
function slot(date: string, window: string, overrides: Partial<ScheduleSlot> = {}): ScheduleSlot {
  return {
    id: nextId++,
    date,
    ...splitWindow(window),
    maxOrders: 5,
    currentOrders: 0,
    notes: null,
    ...overrides,
  };
}
function marker(date: string): ScheduleSlot {
  return { id: nextId++, date, ...OVERRIDE_MARKER, currentOrders: 0 };
}
const markerCreation = (date: string) => ({ date, ...OVERRIDE_MARKER });
const creation = (date: string, window: string) => ({
  date,
  ...splitWindow(window),
  maxOrders: 5,
  notes: null,
});

describe('date-only strings', () => {
  it('parse as noon local time', () => {
    const d = parseDateOnly('2024-03-10');
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2024, 2, 10, 12]);
  });

  it('round-trip through formatDateOnly', () => {
    expect(formatDateOnly(parseDateOnly('2024-02-29'))).toBe('2024-02-29');
  });

  it('reject anything else', () => {
    expect(() => parseDateOnly('2024-1-1')).toThrow(RangeError);
  });

  it('add days across months, years and DST changes', () => {
    expect(addDays('2024-01-31', 1)).toBe('2024-02-01');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-03-09', 2)).toBe('2024-03-11');
    expect(addDays('2024-11-02', 2)).toBe('2024-11-04');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
  });

  it('know their weekday', () => {
    expect(weekdayOfDate(MONDAY)).toBe('monday');
    expect(weekdayOfDate(SUNDAY)).toBe('sunday');
  });

  it('give a 14-day scheduling window starting today', () => {
    const dates = schedulingDates('2024-12-25');
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2024-12-25');
    expect(dates[13]).toBe('2025-01-07');
  });
});

describe('windows', () => {
  it('label a slot as start - end', () => {
    expect(windowLabel({ startTime: '9:00 AM', endTime: '11:00 AM' })).toBe('9:00 AM - 11:00 AM');
    expect(splitWindow('9:00 PM - 11:00 PM')).toEqual({
      startTime: '9:00 PM',
      endTime: '11:00 PM',
    });
  });

  it('read 12-hour times', () => {
    expect(timeToMinutes('12:00 AM')).toBe(0);
    expect(timeToMinutes('12:30 PM')).toBe(750);
    expect(timeToMinutes('9:00 PM')).toBe(1260);
    expect(Number.isNaN(timeToMinutes('noon'))).toBe(true);
  });

  it('sort by start time, without duplicates', () => {
    expect(sortWindows([...WEEKLY_WINDOWS].reverse())).toEqual([...WEEKLY_WINDOWS]);
    expect(sortWindows(['odd', '1:00 PM - 3:00 PM', '1:00 PM - 3:00 PM'])).toEqual([
      '1:00 PM - 3:00 PM',
      'odd',
    ]);
  });

  it('parse delivery hours, and bad JSON as none', () => {
    expect(parseDeliveryHours('["9:00 AM - 11:00 AM"]')).toEqual(['9:00 AM - 11:00 AM']);
    expect(parseDeliveryHours('not json')).toEqual([]);
    expect(parseDeliveryHours('{"a":1}')).toEqual([]);
    expect(parseDeliveryHours(null)).toEqual([]);
    expect(parseDeliveryHours(undefined)).toEqual([]);
  });
});

describe('override marker', () => {
  it('is recognised by its notes', () => {
    expect(isOverrideMarker(marker(MONDAY))).toBe(true);
    expect(isOverrideMarker(slot(MONDAY, WEEKLY[0]))).toBe(false);
  });

  it('overrides only its own date', () => {
    const slots = [marker(MONDAY)];
    expect(isDateOverridden(MONDAY, slots)).toBe(true);
    expect(isDateOverridden(TUESDAY, slots)).toBe(false);
  });
});

describe('availableWindows', () => {
  it('gives the weekly delivery hours, sorted, on an available weekday', () => {
    expect(availableWindows(MONDAY, [], settings)).toEqual(WEEKLY);
  });

  it('gives none on a weekday not in availableDays', () => {
    expect(availableWindows(TUESDAY, [], settings)).toEqual([]);
    expect(availableWindows(SUNDAY, [], settings)).toEqual([]);
  });

  it('compares weekday names case-insensitively', () => {
    expect(availableWindows(MONDAY, [], { ...settings, availableDays: ['monday'] })).toEqual(
      WEEKLY,
    );
  });

  it('gives none without settings or with unreadable hours', () => {
    expect(availableWindows(MONDAY, [], null)).toEqual([]);
    expect(availableWindows(MONDAY, [], { ...settings, deliveryHours: 'oops' })).toEqual([]);
  });

  it('lets date-specific slots win over the weekly schedule', () => {
    const slots = [slot(MONDAY, '7:00 PM - 9:00 PM'), slot(MONDAY, '11:00 AM - 1:00 PM')];
    expect(availableWindows(MONDAY, slots, settings)).toEqual([
      '11:00 AM - 1:00 PM',
      '7:00 PM - 9:00 PM',
    ]);
  });

  it('opens a day outside the weekly schedule with a date-specific slot', () => {
    expect(availableWindows(TUESDAY, [slot(TUESDAY, WEEKLY[0])], settings)).toEqual([WEEKLY[0]]);
  });

  it('removes the weekly windows when the date carries the override marker', () => {
    expect(availableWindows(MONDAY, [marker(MONDAY)], settings)).toEqual([]);
    expect(availableWindows(MONDAY, [marker(MONDAY), slot(MONDAY, WEEKLY[1])], settings)).toEqual([
      WEEKLY[1],
    ]);
  });

  it('does not offer a full slot', () => {
    const slots = [
      slot(MONDAY, WEEKLY[0], { currentOrders: 5, maxOrders: 5 }),
      slot(MONDAY, WEEKLY[1], { currentOrders: 4, maxOrders: 5 }),
      slot(MONDAY, WEEKLY[2], { currentOrders: 6, maxOrders: 5 }),
    ];
    expect(availableWindows(MONDAY, slots, settings)).toEqual([WEEKLY[1]]);
    expect(isWindowOffered(MONDAY, WEEKLY[0], slots, settings)).toBe(false);
    expect(isWindowOffered(MONDAY, WEEKLY[1], slots, settings)).toBe(true);
  });

  it('ignores slots of other dates', () => {
    expect(availableWindows(MONDAY, [marker(TUESDAY), slot(TUESDAY, WEEKLY[0])], settings)).toEqual(
      WEEKLY,
    );
  });
});

describe('explicitSlotFor', () => {
  it('finds the non-marker slot of that date and window', () => {
    const wanted = slot(MONDAY, WEEKLY[0]);
    const slots = [marker(MONDAY), slot(TUESDAY, WEEKLY[0]), wanted];
    expect(explicitSlotFor(MONDAY, WEEKLY[0], slots)).toBe(wanted);
    expect(explicitSlotFor(MONDAY, WEEKLY[1], slots)).toBeUndefined();
    expect(explicitSlotFor(MONDAY, '12:00 AM - 12:01 AM', slots)).toBeUndefined();
  });
});

describe('available dates', () => {
  it('lists the days of the next 14 with a window', () => {
    expect(availableDates(MONDAY, [], settings)).toEqual([
      '2024-01-01',
      '2024-01-03',
      '2024-01-05',
      '2024-01-08',
      '2024-01-10',
      '2024-01-12',
    ]);
  });

  it('finds the first available date, skipping overridden and full days', () => {
    const slots = [marker(MONDAY), slot('2024-01-03', WEEKLY[0], { currentOrders: 5 })];
    expect(firstAvailableDate(MONDAY, slots, settings)).toBe('2024-01-05');
    expect(firstAvailableDate(TUESDAY, [slot(TUESDAY, WEEKLY[0])], settings)).toBe(TUESDAY);
  });

  it('is null when nothing is available', () => {
    expect(firstAvailableDate(MONDAY, [], null)).toBeNull();
    expect(availableDates(MONDAY, [], { availableDays: [], deliveryHours: '[]' })).toEqual([]);
  });
});

describe('day-schedule plans', () => {
  it('override creates the marker once', () => {
    expect(planOverride(MONDAY, [])).toEqual({ create: [markerCreation(MONDAY)], delete: [] });
    expect(planOverride(MONDAY, [marker(MONDAY)])).toEqual({ create: [], delete: [] });
  });

  it('restore deletes every slot of the date', () => {
    const slots = [marker(MONDAY), slot(MONDAY, WEEKLY[0]), slot(TUESDAY, WEEKLY[0])];
    expect(planRestore(MONDAY, slots)).toEqual({ create: [], delete: [slots[0].id, slots[1].id] });
  });

  it('unchecking a weekly window writes the marker and the other weekly windows', () => {
    const plan = planUncheckWindow(MONDAY, WEEKLY[1], [], settings);
    expect(plan).toEqual({
      create: [markerCreation(MONDAY), creation(MONDAY, WEEKLY[0]), creation(MONDAY, WEEKLY[2])],
      delete: [],
    });
  });

  it('unchecking an explicit slot deletes it', () => {
    const slots = [marker(MONDAY), slot(MONDAY, WEEKLY[0]), slot(MONDAY, WEEKLY[1])];
    expect(planUncheckWindow(MONDAY, WEEKLY[0], slots, settings)).toEqual({
      create: [],
      delete: [slots[1].id],
    });
  });

  it('unchecking the last unmarked explicit slot of a weekly day keeps the weekly windows away', () => {
    const only = slot(MONDAY, WEEKLY[0]);
    expect(planUncheckWindow(MONDAY, WEEKLY[0], [only], settings)).toEqual({
      create: [markerCreation(MONDAY)],
      delete: [only.id],
    });
    const tuesday = slot(TUESDAY, WEEKLY[0]);
    expect(planUncheckWindow(TUESDAY, WEEKLY[0], [tuesday], settings)).toEqual({
      create: [],
      delete: [tuesday.id],
    });
  });

  it('unchecking an unavailable window does nothing', () => {
    const empty = { create: [], delete: [] };
    expect(planUncheckWindow(TUESDAY, WEEKLY[0], [], settings)).toEqual(empty);
    expect(planUncheckWindow(MONDAY, WEEKLY[0], [marker(MONDAY)], settings)).toEqual(empty);
    expect(planUncheckWindow(MONDAY, '9:00 PM - 11:00 PM', [], settings)).toEqual(empty);
  });

  it('checking a window on a day outside the weekly schedule adds just that slot', () => {
    expect(planCheckWindow(TUESDAY, WEEKLY[0], [], settings)).toEqual({
      create: [creation(TUESDAY, WEEKLY[0])],
      delete: [],
    });
  });

  it('checking a window on an overridden day adds the slot without a second marker', () => {
    expect(planCheckWindow(MONDAY, WEEKLY[0], [marker(MONDAY)], settings)).toEqual({
      create: [creation(MONDAY, WEEKLY[0])],
      delete: [],
    });
  });

  it('checking a new window on a weekly day writes the marker first and keeps the weekly windows', () => {
    const extra = '9:00 PM - 11:00 PM';
    const plan = planCheckWindow(MONDAY, extra, [], settings);
    expect(plan.create[0]).toEqual(markerCreation(MONDAY));
    expect(plan.create.slice(1)).toEqual([...WEEKLY, extra].map((w) => creation(MONDAY, w)));
    const after = plan.create.map((c, i) => ({ ...c, id: 1000 + i, currentOrders: 0 }));
    expect(availableWindows(MONDAY, after, settings)).toEqual([...WEEKLY, extra]);
  });

  it('checking an already offered window does nothing', () => {
    const empty = { create: [], delete: [] };
    expect(planCheckWindow(MONDAY, WEEKLY[0], [], settings)).toEqual(empty);
    expect(planCheckWindow(TUESDAY, WEEKLY[0], [slot(TUESDAY, WEEKLY[0])], settings)).toEqual(
      empty,
    );
  });

  it('unchecking then reads back as the remaining windows', () => {
    const plan = planUncheckWindow(MONDAY, WEEKLY[0], [], settings);
    const after = plan.create.map((c, i) => ({ ...c, id: 2000 + i, currentOrders: 0 }));
    expect(availableWindows(MONDAY, after, settings)).toEqual(WEEKLY.slice(1));
  });
});
