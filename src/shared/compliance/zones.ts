/**
 * Delivery zones (issue 16): the dealer's postal-code areas, each with its own fee, minimum,
 * free-delivery threshold and sales-tax rate. With no zone defined, the spec's $5 fee and
 * $50 minimum apply everywhere.
 */
import { toCents } from '../money';
import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from './delivery-terms';

export { DEFAULT_DELIVERY_TERMS, type DeliveryTerms };

export interface DeliveryZone {
  id: number;
  name: string;
  postalCodes: string[];
  /** dollars */
  fee: number;
  /** dollars, checked against subtotal - discount */
  minimum: number;
  /** dollars; at or over it (subtotal - discount) delivery is free */
  freeDeliveryOver: number | null;
  /** percent; replaces the shop's sales tax rate for deliveries here */
  salesTaxRate: number | null;
  /** e.g. "45-90 min" */
  note: string | null;
}

export const POSTAL_CODE_PATTERN = /^\d{5}$/;

/** The postal code an order is for: the one given, else the address's last five-digit group. */
export function postalCodeOf(address: string, postalCode?: string | null): string | null {
  const given = postalCode?.trim();
  if (given) return given;
  const groups = address.match(/(?<!\d)\d{5}(?!\d)/g);
  return groups ? groups[groups.length - 1] : null;
}

export function zoneFor(
  zones: readonly DeliveryZone[],
  postalCode: string | null,
): DeliveryZone | undefined {
  if (!postalCode) return undefined;
  return zones.find((zone) => zone.postalCodes.includes(postalCode));
}

export function deliveryTermsOf(zone: DeliveryZone | undefined): DeliveryTerms {
  if (!zone) return DEFAULT_DELIVERY_TERMS;
  return {
    feeCents: toCents(zone.fee),
    minimumCents: toCents(zone.minimum),
    freeDeliveryOverCents: zone.freeDeliveryOver === null ? null : toCents(zone.freeDeliveryOver),
  };
}

export function outsideDeliveryAreaMessage(postalCode: string | null): string {
  return postalCode
    ? `We don't deliver to ${postalCode} yet`
    : 'Please enter the postal code of the delivery address';
}

export type ZoneLookup =
  | { kind: 'anywhere'; terms: DeliveryTerms }
  | { kind: 'inside'; zone: DeliveryZone; terms: DeliveryTerms }
  | { kind: 'outside'; postalCode: string | null };

/** Where a delivery to `postalCode` stands: no zones = anywhere on the default terms. */
export function lookUpZone(zones: readonly DeliveryZone[], postalCode: string | null): ZoneLookup {
  if (zones.length === 0) return { kind: 'anywhere', terms: DEFAULT_DELIVERY_TERMS };
  const zone = zoneFor(zones, postalCode);
  return zone
    ? { kind: 'inside', zone, terms: deliveryTermsOf(zone) }
    : { kind: 'outside', postalCode };
}
