import type { Product, ProductBody } from '@shared/schemas/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, productsQueryOptions } from '@web/api/get-products';
import { ApiError, apiFetch, sendJson } from '@web/lib/api-client';

/** The most useful text of a failed call: the server's own words when it sent some. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as {
        formattedErrors?: unknown;
        error?: unknown;
        message?: unknown;
      };
      if (Array.isArray(body.formattedErrors) && body.formattedErrors.length > 0) {
        return body.formattedErrors.join(', ');
      }
      if (typeof body.error === 'string') return body.error;
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON: fall through to the generic text
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function createProduct(body: ProductBody): Promise<Product> {
  return sendJson<Product>('POST', '/api/products', body);
}

export function updateProduct(id: number, body: ProductBody): Promise<Product> {
  return sendJson<Product>('PATCH', `/api/products/${id}`, body);
}

export function deleteProduct(id: number): Promise<void> {
  return apiFetch<void>(`/api/products/${id}`, { method: 'DELETE' });
}

/** Writes a product into every cached product list (the socket does the same for other tabs). */
function useProductCache() {
  const client = useQueryClient();
  return {
    upsert(product: Product) {
      client.setQueryData(productsQueryOptions().queryKey, (list) => {
        if (!list) return list;
        const index = list.findIndex((p) => p.id === product.id);
        if (index === -1) return [...list, product];
        const next = [...list];
        next[index] = product;
        return next;
      });
      void client.invalidateQueries({ queryKey: productKeys.all });
    },
    remove(id: number) {
      client.setQueryData(productsQueryOptions().queryKey, (list) =>
        list?.filter((p) => p.id !== id),
      );
      void client.invalidateQueries({ queryKey: productKeys.all });
    },
  };
}

export function useSaveProduct() {
  const cache = useProductCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProductBody }) =>
      id === null ? createProduct(body) : updateProduct(id, body),
    onSuccess: (product) => cache.upsert(product),
  });
}

export function useDeleteProduct() {
  const cache = useProductCache();
  return useMutation({
    mutationFn: (id: number) => deleteProduct(id),
    onSuccess: (_data, id) => cache.remove(id),
  });
}
