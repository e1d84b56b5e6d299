import type { promotionResponse } from '@shared/api-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { z } from 'zod';

export type Promotion = z.output<typeof promotionResponse>;

export const promotionKeys = { all: ['promotions'] as const };

export function getPromotions(): Promise<Promotion[]> {
  return apiFetch<Promotion[]>('/api/promotions');
}

export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: promotionKeys.all, queryFn: getPromotions, staleTime: 30_000 });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
