import type { ScheduleSlot } from '@shared/schemas/schedule';
import { readQuery } from '@web/lib/read-query';
import { scheduleSlotKeys } from './query-keys';

export type { ScheduleSlot };

/** One entry for the checkout's picker, the dashboard and the Schedule Manager. */
export { scheduleSlotKeys };

const scheduleSlotsRead = readQuery<ScheduleSlot[]>(scheduleSlotKeys.all, '/api/schedule-slots');

export const getScheduleSlots = scheduleSlotsRead.fetch;
export const scheduleSlotsQueryOptions = scheduleSlotsRead.queryOptions;
export const useScheduleSlots = scheduleSlotsRead.use;
