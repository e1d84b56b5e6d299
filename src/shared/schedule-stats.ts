import { isOverrideMarker } from './availability';
import type { ScheduleSlot } from './schemas/schedule';

export interface ScheduleStats {
  totalSlots: number;
  bookedSlots: number;
  totalOrders: number;
  availableDays: number;
}

/**
 * The four schedule figures of spec §2.12 (the Schedule Manager and the dashboard show the
 * same): delivery slots, slots with currentOrders above 0, the sum of currentOrders, and
 * the weekdays the shop delivers. Override markers close a date; they are not slots.
 */
export function scheduleStats(
  slots: readonly Pick<ScheduleSlot, 'notes' | 'currentOrders'>[],
  availableDays: readonly string[] = [],
): ScheduleStats {
  const real = slots.filter((slot) => !isOverrideMarker(slot));
  return {
    totalSlots: real.length,
    bookedSlots: real.filter((slot) => slot.currentOrders > 0).length,
    totalOrders: real.reduce((sum, slot) => sum + slot.currentOrders, 0),
    availableDays: new Set(availableDays.map((day) => day.trim().toLowerCase())).size,
  };
}
