/**
 * Delivery zones: the dealer's postal-code areas, each with its own fee, minimum,
 * free-delivery threshold and sales-tax rate. With no zone defined, the spec's $5 fee and
 * $50 minimum apply everywhere.
 */
import { toCents } from '../money';
import type { DeliveryZone } from '../schemas/zones';
import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from './delivery-terms';
import type { RuleSet } from './rule-set';

export { DEFAULT_DELIVERY_TERMS, type DeliveryTerms };

/** The postal code an order is for: the one given, else the address's last five-digit group. */
export function postalCodeOf(address: string, postalCode?: string | null): string | null {
  const given = postalCode?.trim();
  if (given) return given;
  const groups = address.match(/(?<!\d)\d{5}(?!\d)/g);
  return groups ? groups[groups.length - 1] : null;
}

/** The address's last five-digit group (its ZIP code), or null when it has none. */
export function zipOfAddress(address: string): string | null {
  const groups = address.match(/(?<!\d)\d{5}(?!\d)/g);
  return groups ? groups[groups.length - 1]! : null;
}

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
    ' ',
  ),
);

/**
 * The US state an address ends with ("..., Oakland, CA 94612", "..., Oakland, CA"), or null
 * when it names none. "California" written out counts as CA.
 */
export function stateOfAddress(address: string): string | null {
  const match = /(?:^|[\s,])([A-Za-z]{2})\.?\s*,?\s*(?:\d{5}(?:-\d{4})?)?\s*$/.exec(address.trim());
  const code = match?.[1]?.toUpperCase();
  if (code && US_STATES.has(code)) return code;
  return /\bcalifornia\b/i.test(address) ? 'CA' : null;
}

export interface AddressParts {
  street1: string;
  street2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}

/**
 * A one-line delivery address in the parts a form asks for: "12 Elm St, Apt 4, Oakland, CA
 * 94612" is street "12 Elm St", second line "Apt 4", city Oakland, CA, 94612. An address that
 * names no city keeps the whole line as its street.
 */
export function addressParts(address: string, postalCode?: string | null): AddressParts {
  const state = stateOfAddress(address);
  const zip = postalCodeOf(address, postalCode);
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts[parts.length - 1] ?? '';
  // the last part's words before the state and ZIP code ("Oakland CA 94612") are the city
  const tail = last.replace(
    /,?\s*\b(?:[A-Za-z]{2}|california)\.?\s*(?:\d{5}(?:-\d{4})?)?\s*$/i,
    '',
  );
  const statePart = state !== null && tail !== last;
  const places = statePart ? [...parts.slice(0, -1), ...(tail.trim() ? [tail.trim()] : [])] : parts;
  if (places.length < 2)
    return { street1: address.trim(), street2: null, city: null, state, postalCode: zip };
  return {
    street1: places[0]!,
    street2: places.slice(1, -1).join(', ') || null,
    city: places[places.length - 1]!,
    state,
    postalCode: zip,
  };
}

export interface AddressProblem {
  path: 'address' | 'postalCode';
  message: string;
}

/**
 * Why a delivery address cannot be taken as it is: the postal code given must be
 * the address's own ZIP code, and where the rule set delivers only in one state, the address
 * must name that state (a Reno address with an Oakland ZIP is not an Oakland delivery).
 */
export function addressProblem(
  address: string,
  postalCode: string | null | undefined,
  ruleSet: Pick<RuleSet, 'deliveryState'>,
): AddressProblem | null {
  const zip = zipOfAddress(address);
  const given = postalCode?.trim() || null;
  if (given && zip && given !== zip)
    return {
      path: 'postalCode',
      message: `doesn't match the address, which ends in ${zip}`,
    };
  const state = ruleSet.deliveryState;
  if (!state) return null;
  const named = stateOfAddress(address);
  if (!named || !(zip ?? given))
    return {
      path: 'address',
      message: `must end with the state and ZIP code, e.g. "12 Elm St, Oakland, ${state.code} 94612"`,
    };
  if (named !== state.code)
    return { path: 'address', message: `must be in ${state.name}: we deliver only there` };
  return null;
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
