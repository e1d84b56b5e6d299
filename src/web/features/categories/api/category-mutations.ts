import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Category, categoriesQueryOptions, categoryKeys } from '@web/api/get-categories';
import { productKeys } from '@web/api/get-products';
import { ApiError, apiFetch, sendJson } from '@web/lib/api-client';

export interface CategoryInput {
  name: string;
  slug: string;
  description: string | null;
  parentId: number | null;
}

export interface SortUpdate {
  id: number;
  sortOrder: number;
}

/** The server's `error` (or `message`) text, when it sent one. */
export function serverText(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  return undefined;
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

const categoriesKey = categoriesQueryOptions().queryKey;

function useCategoryCache() {
  const client = useQueryClient();
  return {
    set(update: (list: Category[]) => Category[]) {
      client.setQueryData(categoriesKey, (list) => (list ? update(list) : list));
    },
    refresh() {
      void client.invalidateQueries({ queryKey: categoryKeys.all });
    },
    refreshProducts() {
      void client.invalidateQueries({ queryKey: productKeys.all });
    },
    snapshot: () => client.getQueryData(categoriesKey),
    restore: (list: Category[] | undefined) => client.setQueryData(categoriesKey, list),
  };
}

export function useCreateCategory() {
  const cache = useCategoryCache();
  return useMutation({
    mutationFn: (input: CategoryInput) => sendJson<Category>('POST', '/api/categories', input),
    onSuccess: (created) => {
      cache.set((list) => (list.some((c) => c.id === created.id) ? list : [...list, created]));
      cache.refresh();
    },
  });
}

export function useUpdateCategory() {
  const cache = useCategoryCache();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CategoryInput }) =>
      sendJson<Category>('PATCH', `/api/categories/${id}`, input),
    onSuccess: (updated) => {
      cache.set((list) => list.map((c) => (c.id === updated.id ? updated : c)));
      cache.refresh();
      cache.refreshProducts();
    },
  });
}

export function useDeleteCategory() {
  const cache = useCategoryCache();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/categories/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      cache.set((list) => list.filter((c) => c.id !== id));
      cache.refresh();
      // spec §7: the products list is re-fetched (its products moved to 'uncategorized')
      cache.refreshProducts();
    },
  });
}

/** Optimistic: the new order shows at once and is rolled back if the server refuses. */
export function useReorderCategories() {
  const cache = useCategoryCache();
  return useMutation({
    mutationFn: (updates: SortUpdate[]) =>
      sendJson<unknown>('PUT', '/api/categories/reorder', { updates }),
    onMutate: (updates) => {
      const previous = cache.snapshot();
      const orders = new Map(updates.map((u) => [u.id, u.sortOrder]));
      cache.set((list) =>
        list.map((c) => (orders.has(c.id) ? { ...c, sortOrder: orders.get(c.id) as number } : c)),
      );
      return { previous };
    },
    onError: (_error, _updates, context) => cache.restore(context?.previous),
    onSettled: () => cache.refresh(),
  });
}
