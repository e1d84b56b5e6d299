import type { OrderStatusView } from '@shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { OrderStatusView };

export const orderStatusKeys = { one: (token: string) => ['order-status', token] as const };

/** GET /api/order-status/{token}: an order's status link, readable without any cookie. */
export function getOrderStatus(token: string): Promise<OrderStatusView> {
  return apiFetch<OrderStatusView>(`/api/order-status/${encodeURIComponent(token)}`);
}

/** The link may be open on a phone with no shop cookie, so no socket: it asks every 20 s. */
export const ORDER_STATUS_REFRESH_MS = 20_000;

export const orderStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: orderStatusKeys.one(token),
    queryFn: () => getOrderStatus(token),
    refetchInterval: ORDER_STATUS_REFRESH_MS,
    retry: false,
  });

export function useOrderStatus(token: string) {
  return useQuery(orderStatusQueryOptions(token));
}
