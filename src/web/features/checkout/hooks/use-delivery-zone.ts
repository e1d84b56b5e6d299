import { zoneLookupFor } from '@shared/compliance/checkout-terms';
import { postalCodeOf, type ZoneLookup } from '@shared/compliance/zones';
import { useDeliveryZones } from '@web/api/get-delivery-zones';
import { useMemo } from 'react';
import { useCheckout } from '../checkout-context';
import { orderTypeFor } from '../checkout-rules';

export interface DeliveryZoneState {
  lookup: ZoneLookup;
  /** the shop delivers by zone: the details card asks for the postal code first */
  asksPostalCode: boolean;
}

/**
 * The delivery zone of the checkout's postal code (the one typed, else the address's
 * last five-digit group), looked up as the server will; pickup ignores zones.
 */
export function useDeliveryZone(): DeliveryZoneState {
  const zones = useDeliveryZones();
  const { choice, details } = useCheckout();
  const orderType = orderTypeFor(choice);
  const postalCode = postalCodeOf(details.address, details.postalCode);
  const lookup = useMemo(
    () => zoneLookupFor(orderType, zones.data ?? [], postalCode),
    [orderType, zones.data, postalCode],
  );
  return { lookup, asksPostalCode: orderType !== 'pickup' && (zones.data?.length ?? 0) > 0 };
}
