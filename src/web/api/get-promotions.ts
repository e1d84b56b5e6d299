import type { Promotion } from '@shared/schemas/promotions';
import { readQuery } from '@web/lib/read-query';

export type { Promotion };

export const promotionKeys = { all: ['promotions'] as const };

const promotionsRead = readQuery<Promotion[]>(promotionKeys.all, '/api/promotions', {
  staleTime: 30_000,
});

export const getPromotions = promotionsRead.fetch;
export const promotionsQueryOptions = promotionsRead.queryOptions;
export const usePromotions = promotionsRead.use;
