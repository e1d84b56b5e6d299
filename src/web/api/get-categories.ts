import type { Category } from '@shared/schemas/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { Category };

export const categoryKeys = { all: ['categories'] as const };

export function getCategories(): Promise<Category[]> {
  return apiFetch<Category[]>('/api/categories');
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.all, queryFn: getCategories, staleTime: 30_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
