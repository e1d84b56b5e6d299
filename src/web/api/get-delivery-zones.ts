import type { DeliveryZone } from '@shared/schemas/zones';
import { readQuery } from '@web/lib/read-query';
import { deliveryZoneKeys } from './query-keys';

export type { DeliveryZone };

export { deliveryZoneKeys };

/** GET /api/delivery-zones: public, the checkout prices a delivery by its zone. */
/** The /ws bridge updates this list on every delivery-zone event. */
const deliveryZonesRead = readQuery<DeliveryZone[]>(deliveryZoneKeys.all, '/api/delivery-zones', {
  staleTime: Infinity,
});

export const getDeliveryZones = deliveryZonesRead.fetch;
export const deliveryZonesQueryOptions = deliveryZonesRead.queryOptions;
export const useDeliveryZones = deliveryZonesRead.use;
