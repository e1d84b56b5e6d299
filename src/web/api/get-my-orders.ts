import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { type Order, orderKeys } from './get-orders';

/** This shopper's orders, newest first (the server knows the shopper by an httpOnly cookie). */
export function getMyOrders(): Promise<Order[]> {
  return apiFetch<Order[]>('/api/orders/mine');
}

export const myOrdersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.mine, queryFn: getMyOrders });

export function useMyOrders(enabled = true) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}
