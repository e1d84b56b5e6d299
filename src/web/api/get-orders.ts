import type { Order } from '@shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { orderKeys } from './query-keys';

export type { Order };

export { orderKeys };

/** GET /api/orders: every order, newest first (dealer session required). */
export function getOrders(): Promise<Order[]> {
  return apiFetch<Order[]>('/api/orders');
}

/** The /ws bridge updates this same entry; polling is only the fallback. */
export const ORDERS_REFETCH_MS = 15_000;

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.all, queryFn: getOrders, refetchInterval: ORDERS_REFETCH_MS });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
