import type { Promotion, PromotionBody } from '@shared/schemas/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionKeys } from '@web/api/get-promotions';
import { apiFetch, sendJson } from '@web/lib/api-client';

/** What the BOGO50 card may change (spec §3). */
export type Bogo50Patch = Pick<Promotion, 'active' | 'title' | 'description'>;

export function createPromotion(body: PromotionBody): Promise<Promotion> {
  return sendJson<Promotion>('POST', '/api/promotions', body);
}

export function updatePromotion(id: number, body: Partial<PromotionBody>): Promise<Promotion> {
  return sendJson<Promotion>('PATCH', `/api/promotions/${id}`, body);
}

export function deletePromotion(id: number): Promise<void> {
  return apiFetch<void>(`/api/promotions/${id}`, { method: 'DELETE' });
}

function usePromotionMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // not returned: a returned promise would hold the caller's "Promotion created" toast until the refetch ends
    onSettled: () => {
      void client.invalidateQueries({ queryKey: promotionKeys.all });
    },
  });
}

export function useCreatePromotion() {
  return usePromotionMutation((body: PromotionBody) => createPromotion(body));
}

export function useUpdatePromotion() {
  return usePromotionMutation(({ id, body }: { id: number; body: Partial<PromotionBody> }) =>
    updatePromotion(id, body),
  );
}

export function useDeletePromotion() {
  return usePromotionMutation((id: number) => deletePromotion(id));
}

export function useReorderPromotions() {
  return usePromotionMutation(async (patches: { id: number; displayOrder: number }[]) => {
    for (const patch of patches)
      await updatePromotion(patch.id, { displayOrder: patch.displayOrder });
  });
}
