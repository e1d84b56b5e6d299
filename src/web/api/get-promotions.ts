import type { Promotion } from '@shared/schemas/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { Promotion };

export const promotionKeys = { all: ['promotions'] as const };

export function getPromotions(): Promise<Promotion[]> {
  return apiFetch<Promotion[]>('/api/promotions');
}

export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: promotionKeys.all, queryFn: getPromotions, staleTime: 30_000 });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
