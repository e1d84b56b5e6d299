import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productKeys, productsQueryOptions } from '@web/api/get-products';
import { sendJson } from '@web/lib/api-client';

export function setFeatured(id: number, featured: boolean) {
  return sendJson<Pick<Product, 'id' | 'name' | 'featured'>>(
    'PATCH',
    `/api/products/${id}/featured`,
    { featured },
  );
}

export function useSetFeatured() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: number; featured: boolean }) => setFeatured(id, featured),
    onSuccess: (answer) => {
      client.setQueryData(productsQueryOptions().queryKey, (list) =>
        list?.map((p) => (p.id === answer.id ? { ...p, featured: answer.featured } : p)),
      );
      void client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
