import { describe, expect, it } from 'vitest';
import { availableWindows, isWindowWithinHours } from '../availability';
import { clockLabel, hoursLabel, isWithinHours, outsideHoursMessage } from './hours';
import { RULE_SETS } from './rule-sets';

const CA = RULE_SETS['US-CA'].hours!;

describe('legal hours (DCC §15403)', () => {
  it('California sells and delivers from 6:00 AM until 10:00 PM', () => {
    expect(hoursLabel(CA)).toBe('6:00 AM to 10:00 PM');
    expect(isWithinHours(6 * 60, CA)).toBe(true);
    expect(isWithinHours(21 * 60 + 59, CA)).toBe(true);
    expect(isWithinHours(22 * 60, CA)).toBe(false);
    expect(isWithinHours(30, CA)).toBe(false);
    expect(isWithinHours(78, CA)).toBe(false);
    expect(isWithinHours(5 * 60 + 59, CA)).toBe(false);
  });

  it('accepts windows inside the hours only, and any window without a rule', () => {
    expect(isWindowWithinHours('7:00 PM - 9:00 PM', CA)).toBe(true);
    expect(isWindowWithinHours('6:00 AM - 8:00 AM', CA)).toBe(true);
    expect(isWindowWithinHours('9:00 PM - 11:00 PM', CA)).toBe(false);
    expect(isWindowWithinHours('4:00 AM - 6:00 AM', CA)).toBe(false);
    expect(isWindowWithinHours('1:00 AM - 3:00 AM', CA)).toBe(false);
    expect(isWindowWithinHours('whenever', CA)).toBe(false);
    expect(isWindowWithinHours('9:00 PM - 11:00 PM', null)).toBe(true);
  });

  it('never offers a weekly or explicit window outside them under California, as before under none', () => {
    const settings = {
      availableDays: ['Monday'],
      deliveryHours: JSON.stringify(['7:00 PM - 9:00 PM', '9:00 PM - 11:00 PM']),
    };
    const monday = '2026-11-30';
    const lateSlot = {
      date: '2026-12-01',
      startTime: '4:00 AM',
      endTime: '6:00 AM',
      notes: null,
      maxOrders: 5,
      currentOrders: 0,
    };
    expect(availableWindows(monday, [], { ...settings, jurisdiction: 'US-CA' })).toEqual([
      '7:00 PM - 9:00 PM',
    ]);
    expect(availableWindows(monday, [], { ...settings, jurisdiction: 'none' })).toEqual([
      '7:00 PM - 9:00 PM',
      '9:00 PM - 11:00 PM',
    ]);
    expect(
      availableWindows('2026-12-01', [lateSlot], { ...settings, jurisdiction: 'US-CA' }),
    ).toEqual([]);
    expect(availableWindows('2026-12-01', [lateSlot], settings)).toEqual(['4:00 AM - 6:00 AM']);
  });

  it('says the hours in the shop’s own words', () => {
    expect(clockLabel(0)).toBe('12:00 AM');
    expect(clockLabel(12 * 60 + 5)).toBe('12:05 PM');
    expect(outsideHoursMessage('Delivery windows', CA)).toBe(
      'Delivery windows must fall within the legal hours for cannabis sales and deliveries, 6:00 AM to 10:00 PM.',
    );
  });
});
