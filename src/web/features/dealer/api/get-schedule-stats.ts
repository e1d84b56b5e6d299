import type { DealerSettings, ScheduleSlot } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

// Same keys as the checkout's schedule queries, so /ws updates reach both.
export const dealerScheduleSlotsQueryOptions = () =>
  queryOptions({
    queryKey: ['schedule-slots'],
    queryFn: () => apiFetch<ScheduleSlot[]>('/api/schedule-slots'),
  });

export const dealerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['dealer-settings'],
    queryFn: () => apiFetch<Pick<DealerSettings, 'availableDays'> | null>('/api/dealer-settings'),
  });

export function useScheduleStatsData() {
  const slots = useQuery(dealerScheduleSlotsQueryOptions());
  const settings = useQuery(dealerSettingsQueryOptions());
  return { slots, settings };
}
