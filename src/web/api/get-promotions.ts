import type { Promotion } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export function getPromotions(): Promise<Promotion[]> {
  return apiFetch<Promotion[]>('/api/promotions');
}

export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: ['promotions'], queryFn: getPromotions, staleTime: 30_000 });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
