import type { Order } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/orders: every order, newest first (dealer session required). */
export function getOrders(): Promise<Order[]> {
  return apiFetch<Order[]>('/api/orders');
}

/** The /ws bridge updates this same key; polling is only the fallback. */
export const ORDERS_REFETCH_MS = 15_000;

export const ordersQueryOptions = () => queryOptions({ queryKey: ['orders'], queryFn: getOrders });

export function useOrders() {
  return useQuery({ ...ordersQueryOptions(), refetchInterval: ORDERS_REFETCH_MS });
}
