import { categorySlug } from '@shared/slugs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Category, categoriesQueryOptions, categoryKeys } from '@web/api/get-categories';
import { sendJson } from '@web/lib/api-client';

/** Inline "new category" / "new subcategory" entry of the product dialog (spec §4). */
export function useCreateCategoryInline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, parentId }: { name: string; parentId: number | null }) =>
      sendJson<Category>('POST', '/api/categories', {
        name,
        slug: categorySlug(name),
        description: null,
        parentId,
      }),
    onSuccess: (category) => {
      client.setQueryData(categoriesQueryOptions().queryKey, (list) =>
        list && !list.some((c) => c.id === category.id) ? [...list, category] : list,
      );
      void client.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
