import type { DeliveryZone } from '@shared/schemas/zones';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { DeliveryZone };

export const deliveryZoneKeys = { all: ['delivery-zones'] as const };

/** GET /api/delivery-zones: public, the checkout prices a delivery by its zone. */
export function getDeliveryZones(): Promise<DeliveryZone[]> {
  return apiFetch<DeliveryZone[]>('/api/delivery-zones');
}

/** The /ws bridge updates this list on every delivery-zone event. */
export const deliveryZonesQueryOptions = () =>
  queryOptions({ queryKey: deliveryZoneKeys.all, queryFn: getDeliveryZones, staleTime: Infinity });

export function useDeliveryZones() {
  return useQuery(deliveryZonesQueryOptions());
}
