import type { ScheduleSlot } from '@shared/schemas/schedule';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { ScheduleSlot };

/** One entry for the checkout's picker, the dashboard and the Schedule Manager. */
export const scheduleSlotKeys = { all: ['schedule-slots'] as const };

export function getScheduleSlots(): Promise<ScheduleSlot[]> {
  return apiFetch<ScheduleSlot[]>('/api/schedule-slots');
}

export const scheduleSlotsQueryOptions = () =>
  queryOptions({ queryKey: scheduleSlotKeys.all, queryFn: getScheduleSlots });

export function useScheduleSlots(enabled = true) {
  return useQuery({ ...scheduleSlotsQueryOptions(), enabled });
}
