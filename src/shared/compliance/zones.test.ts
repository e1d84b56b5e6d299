import { describe, expect, it } from 'vitest';
import { minimumOrderMessage, priceCart } from '../pricing';
import type { DeliveryZone } from '../schemas/zones';
import { RULE_SETS } from './rule-sets';
import {
  addressParts,
  addressProblem,
  deliveryTermsOf,
  lookUpZone,
  outsideDeliveryAreaMessage,
  postalCodeOf,
  stateOfAddress,
  zipOfAddress,
} from './zones';

const mission: DeliveryZone = {
  id: 1,
  name: 'Mission',
  postalCodes: ['94110', '94103'],
  fee: 7,
  minimum: 45,
  freeDeliveryOver: 100,
  salesTaxRate: 8.625,
  note: '45-90 min',
};

describe('postal codes', () => {
  it('uses the given code, else the address’s last five-digit group', () => {
    expect(postalCodeOf('1 Main St, SF 94110', ' 94103 ')).toBe('94103');
    expect(postalCodeOf('12345 Valencia St, San Francisco, CA 94110')).toBe('94110');
    expect(postalCodeOf('Apt 4, 123456 Long Rd')).toBeNull();
    expect(postalCodeOf('no code here')).toBeNull();
  });
});

describe('zones', () => {
  it('no zones: anywhere on the spec’s $5 fee and $50 minimum', () => {
    expect(lookUpZone([], '94999')).toEqual({
      kind: 'anywhere',
      terms: { feeCents: 500, minimumCents: 5000, freeDeliveryOverCents: null },
    });
  });

  it('inside a zone its terms apply; outside every zone is refused with the code named', () => {
    expect(lookUpZone([mission], '94110')).toMatchObject({ kind: 'inside', zone: mission });
    expect(lookUpZone([mission], '94999')).toEqual({ kind: 'outside', postalCode: '94999' });
    expect(outsideDeliveryAreaMessage('94999')).toBe("We don't deliver to 94999 yet");
  });

  it('the zone’s fee, minimum and free-delivery threshold price the cart', () => {
    const delivery = deliveryTermsOf(mission);
    const line = (cents: number) => ({
      productId: 1,
      category: 'flower',
      quantity: '1/8 Oz' as const,
      count: 1,
      unitPriceCents: cents,
    });
    const small = priceCart({
      lines: [line(4_000)],
      promotion: null,
      orderType: 'delivery',
      delivery,
    });
    expect(small).toMatchObject({
      feeCents: 700,
      minimumMet: false,
      minimumCents: 4500,
      totalCents: 4700,
    });
    expect(minimumOrderMessage(4_000, small.minimumCents)).toBe(
      'Delivery orders require a minimum of $45. Your current total is $40.00.',
    );
    const big = priceCart({
      lines: [line(10_000)],
      promotion: null,
      orderType: 'scheduled',
      delivery,
    });
    expect(big).toMatchObject({ feeCents: 0, minimumMet: true, totalCents: 10_000 });
    const pickup = priceCart({
      lines: [line(1_000)],
      promotion: null,
      orderType: 'pickup',
      delivery,
    });
    expect(pickup).toMatchObject({ feeCents: 0, minimumMet: true });
  });
});

describe('the delivery address', () => {
  const none = RULE_SETS.none;
  const california = RULE_SETS['US-CA'];

  it('reads the state and ZIP code at the end of an address', () => {
    expect(stateOfAddress('420 Market Street, Suite 2, Oakland, CA 94612')).toBe('CA');
    expect(stateOfAddress('1 Main St, Reno, NV 89501-1234')).toBe('NV');
    expect(stateOfAddress('12 Elm Street, Oakland California')).toBe('CA');
    expect(stateOfAddress('12 Elm Street')).toBeNull();
    expect(stateOfAddress('12 Elm St')).toBeNull();
    expect(zipOfAddress('12 Elm Street, Oakland, CA 94612')).toBe('94612');
  });

  it('refuses a postal code that is not the address’s own, under any rule set', () => {
    expect(addressProblem('1 Main St, Reno, NV 89501', '94612', none)).toEqual({
      path: 'postalCode',
      message: "doesn't match the address, which ends in 89501",
    });
    expect(addressProblem('12 Elm Street', '94612', none)).toBeNull();
    expect(addressProblem('12 Elm Street, Oakland, CA 94612', '94612', none)).toBeNull();
  });

  it('under California, delivers only to a California address that names its state and ZIP', () => {
    expect(addressProblem('1 Main St, Reno, NV 89501', null, california)).toEqual({
      path: 'address',
      message: 'must be in California: we deliver only there',
    });
    expect(addressProblem('12 Elm Street', '94612', california)).toEqual({
      path: 'address',
      message: 'must end with the state and ZIP code, e.g. "12 Elm St, Oakland, CA 94612"',
    });
    expect(addressProblem('12 Elm Street, Oakland, CA 94612', null, california)).toBeNull();
    expect(addressProblem('12 Elm Street, Oakland, CA', '94612', california)).toBeNull();
  });
});

describe('addressParts', () => {
  it('reads street, second line, city, state and ZIP code from a one-line address', () => {
    expect(addressParts('12 Elm St, Apt 4, Oakland, CA 94612')).toEqual({
      street1: '12 Elm St',
      street2: 'Apt 4',
      city: 'Oakland',
      state: 'CA',
      postalCode: '94612',
    });
    expect(addressParts('500 Main St, Oakland CA 94607')).toMatchObject({
      street1: '500 Main St',
      street2: null,
      city: 'Oakland',
      state: 'CA',
      postalCode: '94607',
    });
    expect(addressParts('9 Pine Rd, Sacramento, California', '95814')).toMatchObject({
      street1: '9 Pine Rd',
      city: 'Sacramento',
      state: 'CA',
      postalCode: '95814',
    });
  });

  it('keeps an address that names no city as its street', () => {
    expect(addressParts('Behind the old mill')).toEqual({
      street1: 'Behind the old mill',
      street2: null,
      city: null,
      state: null,
      postalCode: null,
    });
  });
});
