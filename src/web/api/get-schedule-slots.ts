import type { ScheduleSlot } from '@shared/schemas/schedule';
import { readQuery } from '@web/lib/read-query';

export type { ScheduleSlot };

/** One entry for the checkout's picker, the dashboard and the Schedule Manager. */
export const scheduleSlotKeys = { all: ['schedule-slots'] as const };

const scheduleSlotsRead = readQuery<ScheduleSlot[]>(scheduleSlotKeys.all, '/api/schedule-slots');

export const getScheduleSlots = scheduleSlotsRead.fetch;
export const scheduleSlotsQueryOptions = scheduleSlotsRead.queryOptions;
export const useScheduleSlots = scheduleSlotsRead.use;
