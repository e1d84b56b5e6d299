import type { StoreProfile } from '@shared/schemas/store-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { StoreProfile };

export const storeProfileKeys = {
  all: ['store-profile'] as const,
};

/** GET /api/store-profile: the shop's facts, every line "" when left out. */
export function getStoreProfile(): Promise<StoreProfile> {
  return apiFetch<StoreProfile>('/api/store-profile');
}

/** The /ws bridge replaces this entry on store-profile-updated, so it never goes stale by itself. */
export const storeProfileQueryOptions = () =>
  queryOptions({ queryKey: storeProfileKeys.all, queryFn: getStoreProfile, staleTime: Infinity });

export function useStoreProfile() {
  return useQuery(storeProfileQueryOptions());
}
