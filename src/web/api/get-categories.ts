import type { Category } from '@shared/schemas/categories';
import { readQuery } from '@web/lib/read-query';

export type { Category };

export const categoryKeys = { all: ['categories'] as const };

const categoriesRead = readQuery<Category[]>(categoryKeys.all, '/api/categories', {
  staleTime: 30_000,
});

export const getCategories = categoriesRead.fetch;
export const categoriesQueryOptions = categoriesRead.queryOptions;
export const useCategories = categoriesRead.use;
