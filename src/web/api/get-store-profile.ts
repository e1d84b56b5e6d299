import type { StoreProfile } from '@shared/schemas/store-profile';
import { readQuery } from '@web/lib/read-query';

export type { StoreProfile };

export const storeProfileKeys = {
  all: ['store-profile'] as const,
};

/** GET /api/store-profile: the shop's facts, every line "" when left out. */
/** The /ws bridge replaces this entry on store-profile-updated, so it never goes stale by itself. */
const storeProfileRead = readQuery<StoreProfile>(storeProfileKeys.all, '/api/store-profile', {
  staleTime: Infinity,
});

export const getStoreProfile = storeProfileRead.fetch;
export const storeProfileQueryOptions = storeProfileRead.queryOptions;
export const useStoreProfile = storeProfileRead.use;
