import type { Order } from '@shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { deliveryKeys } from './query-keys';

export { deliveryKeys };

/** GET /api/deliveries: the signed-in driver's unfinished stops, in driving order. */
export function getDeliveries(): Promise<Order[]> {
  return apiFetch<Order[]>('/api/deliveries');
}

export const deliveriesQueryOptions = () =>
  queryOptions({ queryKey: deliveryKeys.all, queryFn: getDeliveries });

export function useDeliveries() {
  return useQuery(deliveriesQueryOptions());
}
