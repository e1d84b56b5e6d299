import type { DealerSettings, ScheduleSlot } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type PublicDealerSettings = Pick<
  DealerSettings,
  'availableDays' | 'deliveryHours' | 'deliveryNotes'
>;

export const scheduleSlotsQueryOptions = () =>
  queryOptions({
    queryKey: ['schedule-slots'],
    queryFn: () => apiFetch<ScheduleSlot[]>('/api/schedule-slots'),
  });

export const dealerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['dealer-settings'],
    queryFn: () => apiFetch<PublicDealerSettings | null>('/api/dealer-settings'),
  });

export function useScheduleSlots(enabled = true) {
  return useQuery({ ...scheduleSlotsQueryOptions(), enabled });
}

export function useDealerSettings(enabled = true) {
  return useQuery({ ...dealerSettingsQueryOptions(), enabled });
}
