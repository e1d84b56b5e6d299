import type { ScheduleSlot } from '@shared/types';
import { OVERRIDE_MARKER } from '../../../shared/constants';

export interface ScheduleStats {
  totalSlots: number;
  bookedSlots: number;
  totalOrders: number;
  availableDays: number;
}

/**
 * Spec §2.12/§9 dealer counts: total slots, slots with currentOrders above 0,
 * the sum of currentOrders and the number of available weekdays. Override
 * markers are bookkeeping rows, not delivery slots, so they are not counted.
 */
export function scheduleStats(
  slots: readonly Pick<ScheduleSlot, 'notes' | 'currentOrders'>[],
  availableDays: readonly string[] | undefined,
): ScheduleStats {
  const real = slots.filter((slot) => slot.notes !== OVERRIDE_MARKER.notes);
  return {
    totalSlots: real.length,
    bookedSlots: real.filter((slot) => slot.currentOrders > 0).length,
    totalOrders: real.reduce((sum, slot) => sum + slot.currentOrders, 0),
    availableDays: new Set((availableDays ?? []).map((d) => d.toLowerCase())).size,
  };
}
