import type { scheduleSlotResponse } from '@shared/api-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { z } from 'zod';

export type ScheduleSlot = z.output<typeof scheduleSlotResponse>;

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
