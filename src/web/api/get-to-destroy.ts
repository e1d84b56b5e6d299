import type { ToDestroy } from '@shared/returns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const toDestroyKeys = { all: ['inventory', 'to-destroy'] as const };

/** GET /api/inventory/to-destroy: returned goods waiting to be destroyed, and the latest destructions. */
export function getToDestroy(): Promise<ToDestroy[]> {
  return apiFetch<ToDestroy[]>('/api/inventory/to-destroy');
}

export const toDestroyQueryOptions = () =>
  queryOptions({ queryKey: toDestroyKeys.all, queryFn: getToDestroy });

export function useToDestroy(enabled = true) {
  return useQuery({ ...toDestroyQueryOptions(), enabled });
}
