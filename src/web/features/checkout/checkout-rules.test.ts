import { zoneLookupFor } from '@shared/compliance/checkout-terms';
import { cartGrams, purchaseLimitStatus } from '@shared/compliance/limits';
import { RULE_SETS } from '@shared/compliance/rule-sets';
import { postalCodeOf } from '@shared/compliance/zones';
import { priceCart } from '@shared/pricing';
import { type CartItem, orderPlacementSchema } from '@shared/schemas/orders';
import type { Product } from '@shared/schemas/products';
import { ApiError } from '@web/lib/api-client';
import { describe, expect, it } from 'vitest';
import { isPricesChanged, mayRetrySameKey, placeOrderErrorMessage } from './api/place-order';
import {
  detailErrors,
  limitedLines,
  orderPayload,
  orderTypeFor,
  placementProblem,
  pricingLines,
} from './checkout-rules';
import type { ContactDetails } from './profile';

const product = (id: number, name: string, category: string, stock: number) =>
  ({ id, name, category, subcategory: null, stock }) as Product;

const products = [product(1, 'Blue Dream', 'flower', 10), product(2, 'Gummies', 'edibles', 5)];
const details: ContactDetails = {
  name: 'Ann',
  phone: '555',
  email: '',
  address: '1 Main St',
  postalCode: '',
  deliveryNotes: '',
};
const line = (over: Partial<CartItem>): CartItem => ({
  id: 1,
  name: 'Blue Dream',
  price: 45,
  quantity: '1/8 Oz',
  count: 1,
  ...over,
});

function check(cart: CartItem[], d: Partial<ContactDetails> = {}, mode = 'delivery' as const) {
  const orderType = mode;
  const pricing = priceCart({ lines: pricingLines(cart, products), promotion: null, orderType });
  return placementProblem({ cart, products, details: { ...details, ...d }, orderType, pricing });
}

describe('order placement checks (spec §5, in order)', () => {
  it('refuses an empty cart first', () => {
    expect(check([], { name: '' })?.description).toBe(
      'Your cart is empty. Add some items before placing an order.',
    );
  });

  it('then stock, listing the items', () => {
    const problem = check([line({ count: 3 })], { name: '' });
    expect(problem?.title).toBe('Not enough inventory');
    expect(problem?.description).toContain('Blue Dream (requested: 10.5 g, available: 10 g)');
  });

  it('then name, phone and (for delivery) address', () => {
    const cart = [line({ count: 2 })];
    expect(check(cart, { name: ' ' })?.description).toBe(
      'Please enter your name to place an order.',
    );
    expect(check(cart, { phone: '' })?.description).toBe(
      'Please enter your phone number to place an order.',
    );
    expect(check(cart, { address: '' })?.description).toBe(
      'Please enter your address for delivery.',
    );
  });

  it('then the delivery minimum, with the amount checked', () => {
    const problem = check([line({})]);
    expect(problem?.title).toBe('Minimum order not met');
    expect(problem?.description).toBe(
      'Delivery orders require a minimum of $50. Your current total is $45.00.',
    );
    expect(check([line({ count: 2 })])).toBeNull();
  });

  it("then a delivery zone's place and minimum, and the daily limits", () => {
    const mission = {
      id: 1,
      name: 'Mission',
      postalCodes: ['94110'],
      fee: 7,
      minimum: 60,
      freeDeliveryOver: null,
      salesTaxRate: null,
      note: null,
    };
    const stocked = products.map((p) => ({ ...p, stock: 1000 }));
    const judge = (address: string, count = 2, postalCode = '') => {
      const items = [line({ count })];
      const zone = zoneLookupFor('delivery', [mission], postalCodeOf(address, postalCode));
      const pricing = priceCart({
        lines: pricingLines(items, stocked),
        promotion: null,
        orderType: 'delivery',
        delivery: zone.kind === 'inside' ? zone.terms : undefined,
      });
      const limits = purchaseLimitStatus(
        RULE_SETS['US-CA'],
        '2026-11-30',
        cartGrams(limitedLines(items, stocked)).grams,
      );
      return placementProblem({
        cart: items,
        products: stocked,
        details: { ...details, address, postalCode },
        orderType: 'delivery',
        pricing,
        zone,
        limits,
      });
    };
    expect(judge('1 Main St 94999')).toEqual({
      title: 'Outside our delivery area',
      description: "We don't deliver to 94999 yet",
      field: 'postalCode',
    });
    // the postal code typed first wins over the address's
    expect(judge('1 Main St 94999', 2, '94110')).toBeNull();
    expect(judge('1 Main St', 2, '94103')?.description).toBe("We don't deliver to 94103 yet");
    expect(judge('1 Main St')?.description).toBe(
      'Please enter the postal code of the delivery address',
    );
    // the zone's $60, not the spec's $50
    expect(judge('1 Main St 94110', 1)?.description).toBe(
      'Delivery orders require a minimum of $60. Your current total is $45.00.',
    );
    expect(judge('1 Main St 94110')).toBeNull();
    // nine eighths are 31.5 g of flower, over California's 28.5 g
    expect(judge('1 Main St 94110', 9)).toEqual({
      title: 'Daily limit reached',
      description:
        'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
    });
  });
});

describe('order payload', () => {
  it('sends pickup with the PICKUP address and no slot', () => {
    const cart = [line({})];
    const choice = { mode: 'pickup' as const, date: '2030-01-07', timeWindow: '1:00 PM - 3:00 PM' };
    const pricing = priceCart({
      lines: pricingLines(cart, products),
      promotion: null,
      orderType: orderTypeFor(choice),
    });
    const payload = orderPayload({ cart, details, choice, pricing, promotion: null });
    expect(payload).toMatchObject({
      address: 'PICKUP',
      orderType: 'pickup',
      total: 45,
      deliveryFee: 0,
      deliveryDate: null,
      deliveryTimeWindow: null,
      email: null,
    });
  });

  it('sends the postal code of a delivery only', () => {
    const cart = [line({ count: 2 })];
    const send = (mode: 'same-day' | 'pickup', postalCode: string) =>
      orderPayload({
        cart,
        details: { ...details, postalCode },
        choice: { mode, date: null, timeWindow: null },
        pricing: priceCart({
          lines: pricingLines(cart, products),
          promotion: null,
          orderType: mode === 'pickup' ? 'pickup' : 'delivery',
        }),
        promotion: null,
      });
    expect(send('same-day', ' 94110 ').postalCode).toBe('94110');
    expect(send('same-day', '')).not.toHaveProperty('postalCode');
    expect(send('pickup', '94110')).not.toHaveProperty('postalCode');
  });

  it('is scheduled only with both a date and a window', () => {
    expect(orderTypeFor({ mode: 'scheduled', date: '2030-01-07', timeWindow: null })).toBe(
      'delivery',
    );
    expect(
      orderTypeFor({ mode: 'scheduled', date: '2030-01-07', timeWindow: '1:00 PM - 3:00 PM' }),
    ).toBe('scheduled');
  });
});

const failed = (status: number, body: string) => new ApiError(status, body, '');

describe('order failure message (spec §8)', () => {
  it('lists out-of-stock items', () => {
    const body = JSON.stringify({
      error: 'Insufficient inventory',
      code: 'OUT_OF_STOCK',
      outOfStockItems: [
        { name: 'Rosin Jam', requested: 4, available: 3 },
        { name: 'Badder', requested: 2, available: 0 },
      ],
    });
    expect(placeOrderErrorMessage(failed(409, body))).toBe(
      'Some items in your cart are no longer available in the requested quantities: Rosin Jam (requested: 4, available: 3), Badder (requested: 2, available: 0)',
    );
  });

  it('says the items are unavailable, without a list, for a stock refusal that names none', () => {
    const body = JSON.stringify({ error: 'Stock validation failed', code: 'OUT_OF_STOCK' });
    expect(placeOrderErrorMessage(failed(409, body))).toBe(
      'Some items in your cart are no longer available in the requested quantities.',
    );
  });

  it('prefers formatted errors, then message, then error, then the status', () => {
    expect(
      placeOrderErrorMessage(
        failed(
          400,
          JSON.stringify({
            error: 'Validation failed',
            code: 'VALIDATION_FAILED',
            formattedErrors: ['items.0.quantity: Invalid quantity option'],
          }),
        ),
      ),
    ).toBe('items.0.quantity: Invalid quantity option');
    expect(
      placeOrderErrorMessage(
        failed(
          409,
          JSON.stringify({
            error: 'Prices changed',
            code: 'PRICE_CHANGED',
            message: 'Prices in your cart have changed. Please review your cart and try again.',
          }),
        ),
      ),
    ).toBe('Prices in your cart have changed. Please review your cart and try again.');
    expect(
      placeOrderErrorMessage(
        failed(
          409,
          JSON.stringify({ error: 'Delivery slot unavailable', code: 'SLOT_UNAVAILABLE' }),
        ),
      ),
    ).toBe('Delivery slot unavailable');
    expect(placeOrderErrorMessage(failed(418, '{}'))).toBe('Server error: 418');
    expect(placeOrderErrorMessage(failed(502, '<html>Bad gateway</html>'))).toBe(
      'Server error: 502. Please try again.',
    );
  });
});

describe("retrying and repricing an order go by the refusal's code", () => {
  it('re-sends the same Idempotency-Key only when no answer came or the order is still being placed', () => {
    expect(mayRetrySameKey(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayRetrySameKey(failed(503, ''))).toBe(true);
    const inProgress = { error: 'This order is still being placed.', code: 'ORDER_IN_PROGRESS' };
    expect(mayRetrySameKey(failed(409, JSON.stringify(inProgress)))).toBe(true);
    const slot = { error: 'Delivery slot unavailable', code: 'SLOT_UNAVAILABLE' };
    expect(mayRetrySameKey(failed(409, JSON.stringify(slot)))).toBe(false);
  });

  it('reprices the cart on PRICE_CHANGED, whatever the wording', () => {
    const changed = { error: 'Die Preise haben sich geändert', code: 'PRICE_CHANGED' };
    expect(isPricesChanged(failed(409, JSON.stringify(changed)))).toBe(true);
    expect(isPricesChanged(failed(409, JSON.stringify({ error: 'Prices changed' })))).toBe(false);
  });
});

describe('detailErrors: the details card judged by the order schema', () => {
  const details = {
    name: 'Sam Shopper',
    phone: '555-0101',
    email: 'sam@example.com',
    address: '12 Elm Street',
    postalCode: '',
    deliveryNotes: '',
  };

  it('says under the field what the server would refuse, and nothing for a good card', () => {
    expect(detailErrors(details, 'delivery')).toEqual({});
    expect(detailErrors({ ...details, email: 'sam@' }, 'delivery')).toEqual({
      email: 'Email must be a valid email address',
    });
    expect(detailErrors({ ...details, name: 'x'.repeat(121) }, 'delivery')).toEqual({
      name: 'Name must be at most 120 characters',
    });
    expect(detailErrors({ ...details, address: '' }, 'delivery')).toEqual({
      address: 'Address is required',
    });
    // a pickup needs no address
    expect(detailErrors({ ...details, address: '' }, 'pickup')).toEqual({});
    // the postal code is optional, but five digits when given; pickup ignores it
    expect(detailErrors({ ...details, postalCode: '9411' }, 'delivery')).toEqual({
      postalCode: 'Postal code must be a five-digit postal code',
    });
    expect(detailErrors({ ...details, postalCode: '94110' }, 'delivery')).toEqual({});
    expect(detailErrors({ ...details, postalCode: '9411' }, 'pickup')).toEqual({});
  });

  it('agrees with the order schema the server declares', () => {
    for (const email of ['sam@example.com', 'sam@', '', 'a b@c.d']) {
      const card = { ...details, email };
      const server = orderPlacementSchema.safeParse({
        customer: card.name,
        address: card.address,
        phone: card.phone,
        email: card.email,
        items: [{ id: 1, name: 'Blue Dream', price: 45, quantity: '1/8 Oz', count: 1 }],
        total: 45,
      });
      expect(Object.keys(detailErrors(card, 'delivery')).length === 0).toBe(server.success);
    }
  });
});
