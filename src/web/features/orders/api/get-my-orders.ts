import type { Order } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** This shopper's orders, newest first (the server knows the shopper by an httpOnly cookie). */
export function getMyOrders(): Promise<Order[]> {
  return apiFetch<Order[]>('/api/orders/mine');
}

export const myOrdersQueryOptions = () =>
  queryOptions({ queryKey: ['orders', 'mine'], queryFn: getMyOrders });

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
