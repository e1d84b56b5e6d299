import type { categoryResponse } from '@shared/api-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { z } from 'zod';

export type Category = z.output<typeof categoryResponse>;

export const categoryKeys = { all: ['categories'] as const };

export function getCategories(): Promise<Category[]> {
  return apiFetch<Category[]>('/api/categories');
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.all, queryFn: getCategories, staleTime: 30_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
