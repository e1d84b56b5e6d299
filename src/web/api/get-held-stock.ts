import type { HeldStock } from '@shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { HeldStock };

export const heldStockKeys = { all: ['inventory', 'held'] as const };

/** GET /api/inventory/held: stock that orders the shop has not accepted yet hold. */
export function getHeldStock(): Promise<HeldStock[]> {
  return apiFetch<HeldStock[]>('/api/inventory/held');
}

export const heldStockQueryOptions = () =>
  queryOptions({ queryKey: heldStockKeys.all, queryFn: getHeldStock });

export function useHeldStock(enabled = true) {
  return useQuery({ ...heldStockQueryOptions(), enabled });
}
