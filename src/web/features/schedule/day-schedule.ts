/**
 * What the Schedule Manager shows for one date (spec §4 "Day schedule"), read
 * from the shared availability rules; the changes themselves are the shared
 * plan* functions.
 */
import {
  type AvailabilitySettings,
  explicitSlotFor,
  isDateOverridden,
  isOverrideMarker,
  isWeekdayAvailable,
  sortWindows,
  weeklyWindows,
  windowLabel,
} from '@shared/availability';
import { WEEKLY_WINDOWS } from '@shared/constants';
import type { Order } from '@shared/schemas/orders';
import type { ScheduleSlot } from '@shared/schemas/schedule';

export type DayStatus = 'weekly' | 'custom' | 'closed';

export interface DayWindow {
  window: string;
  /** offered to shoppers on this date (explicit slot, or the weekly schedule) */
  offered: boolean;
  /** the explicit slot, when the date has one for this window */
  slot: ScheduleSlot | undefined;
  /** part of the weekly schedule for this weekday */
  weekly: boolean;
}

export function dayStatus(
  date: string,
  slots: readonly ScheduleSlot[],
  settings: AvailabilitySettings,
): DayStatus {
  const custom =
    isDateOverridden(date, slots) || slots.some((s) => s.date === date && !isOverrideMarker(s));
  if (custom) return 'custom';
  return weeklyWindows(date, settings).length > 0 ? 'weekly' : 'closed';
}

export function dayWindows(
  date: string,
  slots: readonly ScheduleSlot[],
  settings: AvailabilitySettings,
): DayWindow[] {
  const explicit = slots.filter((s) => s.date === date && !isOverrideMarker(s));
  const weekly = weeklyWindows(date, settings);
  const custom = dayStatus(date, slots, settings) === 'custom';
  const windows = sortWindows([...WEEKLY_WINDOWS, ...explicit.map(windowLabel)]);
  return windows.map((window) => {
    const slot = explicitSlotFor(date, window, slots);
    return {
      window,
      slot,
      weekly: weekly.includes(window),
      offered: slot !== undefined || (!custom && weekly.includes(window)),
    };
  });
}

/** A custom day of an available weekday is "restored"; any other custom day is "cleared". */
export function restoreKind(date: string, settings: AvailabilitySettings): 'restore' | 'clear' {
  return isWeekdayAvailable(date, settings) ? 'restore' : 'clear';
}

export const UNSPECIFIED_TIME = 'Unspecified Time';

/** Accepted orders delivering on `date`, grouped by time window (spec §2.12). */
export function ordersByWindow(orders: readonly Order[], date: string): [string, Order[]][] {
  const groups = new Map<string, Order[]>();
  for (const order of orders) {
    if (order.status !== 'accepted' || !order.deliveryDate) continue;
    if (order.deliveryDate.slice(0, 10) !== date) continue;
    const key = order.deliveryTimeWindow?.trim() || UNSPECIFIED_TIME;
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  const named = sortWindows([...groups.keys()].filter((k) => k !== UNSPECIFIED_TIME));
  const keys = groups.has(UNSPECIFIED_TIME) ? [...named, UNSPECIFIED_TIME] : named;
  return keys.map((key) => [key, groups.get(key) ?? []]);
}

export function scheduledOrderCount(orders: readonly Order[], date: string): number {
  return orders.filter(
    (o) => o.status === 'accepted' && o.deliveryDate && o.deliveryDate.slice(0, 10) === date,
  ).length;
}
