import type { Category } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export function getCategories(): Promise<Category[]> {
  return apiFetch<Category[]>('/api/categories');
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 30_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
