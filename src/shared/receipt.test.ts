import { describe, expect, it } from 'vitest';
import { buildReceipt, customerNumberKey, hasReceipt, type ReceiptInput } from './receipt';
import type { Order } from './schemas/orders';

const ZONE = 'America/Los_Angeles';

const order: Order = {
  id: 42,
  customer: '  Jamie   Rivera ',
  address: '12 Elm Street',
  phone: '415-555-0101',
  email: null,
  status: 'completed',
  total: 102.72,
  date: '2026-11-25T23:42:00.000Z',
  items: [
    {
      id: 1,
      name: 'Blue Dream',
      price: 85.5,
      quantity: '1/4 Oz',
      count: 1,
      flavor: 'Mango',
      cannabis: true,
    },
    { id: 2, name: 'Sleepy Berry Gummies', price: 12, quantity: '3', count: 2, cannabis: true },
    { id: 3, name: 'Classic Joint', price: 0, quantity: '1', count: 1, cannabis: true },
    { id: 4, name: 'Wedding Cake', price: -1, quantity: 'Bulk', count: 1, cannabis: true },
  ],
  deliveryDate: null,
  deliveryTimeWindow: null,
  deliveryNotes: null,
  deliveryFee: 5,
  promoCode: 'welcome10',
  discountAmount: 8.55,
  bogo50Details: null,
  orderType: 'delivery',
  taxes: [
    { name: 'Cannabis excise tax', rate: 15, amount: 12.29 },
    { name: 'Sales tax', rate: 9.5, amount: 8.48 },
  ],
  statusToken: 'token',
  driver: { id: 9, firstName: 'Alex' },
  completedAt: '2026-11-26T00:15:00.000Z',
  returnReason: null,
  idCheck: {
    method: 'scan',
    passed: true,
    checks: { ofAge: true, notExpired: true, nameMatches: false },
    nameConfirmed: true,
    reasons: [],
    driverId: 9,
    at: '2026-11-26T00:14:00.000Z',
  },
  saleDate: '2026-11-25',
  cannabisGrams: 7,
  concentrateGrams: 0,
  deliveryAttempts: 0,
  attemptNote: null,
  payment: null,
  expiredAt: null,
  voidReason: null,
  idCheckOverride: null,
  handoverNote: null,
  returns: [],
};

const input: ReceiptInput = {
  order,
  subtotalCents: 15_750,
  shop: { shopName: 'Canopy', licenseNumber: 'C9-0000123-LIC' },
  customerNumber: 17,
  driver: { firstName: 'Alex', employeeNumber: 'E-9' },
  preparer: { firstName: 'Pat', employeeNumber: null },
  signature: 'data:image/png;base64,iVBORw0KGgo=',
  timeZone: ZONE,
};

const lineValue = (lines: { label: string; value: string }[], label: string) =>
  lines.find((line) => line.label === label)?.value;

describe('the receipt of a handed-over order (DCC §15420)', () => {
  it('has a receipt once the order is handed over or voided, never before', () => {
    for (const status of ['completed', 'returned', 'cancelled'] as const)
      expect(hasReceipt(status)).toBe(true);
    for (const status of ['pending', 'packed', 'on the way'] as const)
      expect(hasReceipt(status)).toBe(false);
  });

  it('marks a voided order VOID with its reason, and a return after handover RETURN', () => {
    expect(buildReceipt(input).mark).toBeNull();
    const voided = buildReceipt({
      ...input,
      order: { ...order, status: 'cancelled', voidReason: 'Customer changed their mind' },
    });
    expect(voided.mark).toBe('VOID');
    expect(voided.adjustments).toEqual([{ label: 'Voided', value: 'Customer changed their mind' }]);
    const returned = buildReceipt({
      ...input,
      order: {
        ...order,
        returns: [
          {
            id: 1,
            at: '2026-11-26T18:30:00.000Z',
            reason: 'Damaged package',
            items: [{ lineId: 5, name: 'Blue Dream', quantity: '1/4 Oz', count: 1 }],
            value: 85.5,
          },
        ],
      },
    });
    expect(returned.mark).toBe('RETURN');
    expect(returned.adjustments).toEqual([
      {
        label: 'Returned Nov 26, 2026, 10:30 AM PST',
        value: '1 × Blue Dream (1/4 Oz): Damaged package ($85.50)',
      },
    ]);
    expect(returned.total).toEqual({ label: 'Total', value: '$102.72' });
  });

  it('prints the licensee’s legal name and an owner’s override on the check line', () => {
    const receipt = buildReceipt({
      ...input,
      shop: { ...input.shop, legalName: 'Green Door Holdings, LLC' },
      order: {
        ...order,
        idCheck: {
          ...order.idCheck!,
          override: {
            byName: 'Olive',
            reason: 'Typo in the birth date',
            at: '2026-11-26T00:10:00.000Z',
          },
        },
      },
    });
    expect(receipt.legalName).toBe('Green Door Holdings, LLC');
    expect(lineValue(receipt.handling, 'ID check')).toBe(
      "Passed (scanned; name confirmed in person; after an owner's override by Olive: Typo in the birth date) at Nov 25, 2026, 4:14 PM PST",
    );
  });

  it('names the shop, the customer by first name and number, and the times on the shop’s clock', () => {
    const receipt = buildReceipt(input);
    expect(receipt).toMatchObject({
      shopName: 'Canopy',
      licence: 'C9-0000123-LIC',
      title: 'Order #42',
    });
    expect(receipt.details).toEqual([
      { label: 'Customer', value: 'Jamie' },
      { label: 'Customer no.', value: '17' },
      { label: 'Requested', value: 'Nov 25, 2026, 3:42 PM PST' },
      { label: 'Delivered', value: 'Nov 25, 2026, 4:15 PM PST' },
      { label: 'Address', value: '12 Elm Street' },
    ]);
  });

  it('lists the items with size, count and line price, then every amount and the total', () => {
    const receipt = buildReceipt(input);
    expect(receipt.items).toEqual([
      { name: 'Blue Dream', detail: '1/4 Oz (7 g) · Mango', count: 1, price: '$85.50' },
      { name: 'Sleepy Berry Gummies', detail: '3 units', count: 2, price: '$72.00' },
      { name: 'Classic Joint', detail: '1 unit', count: 1, price: 'FREE' },
      { name: 'Wedding Cake', detail: 'Bulk', count: 1, price: 'TBD' },
    ]);
    expect(receipt.amounts).toEqual([
      { label: 'Subtotal', value: '$157.50' },
      { label: 'Discount (WELCOME10)', value: '-$8.55' },
      { label: 'Delivery fee', value: '$5.00' },
      { label: 'Cannabis excise tax (15%)', value: '$12.29' },
      { label: 'Sales tax (9.5%)', value: '$8.48' },
    ]);
    expect(receipt.total).toEqual({ label: 'Total', value: '$102.72' });
  });

  it('names the driver, the preparer and the ID check', () => {
    expect(buildReceipt(input).handling).toEqual([
      { label: 'Driver', value: 'Alex (employee no. E-9)' },
      { label: 'Prepared by', value: 'Pat (employee no. not recorded)' },
      {
        label: 'ID check',
        value: 'Passed (scanned; name confirmed in person) at Nov 25, 2026, 4:14 PM PST',
      },
      { label: 'Payment', value: 'Not recorded' },
    ]);
    const manual = { ...order.idCheck!, method: 'manual' as const, nameConfirmed: false };
    const failed = { ...manual, passed: false };
    const handling = (idCheck: Order['idCheck']) =>
      buildReceipt({ ...input, order: { ...order, idCheck }, driver: null, preparer: null })
        .handling;
    expect(handling(manual)).toContainEqual({
      label: 'ID check',
      value: 'Passed (entered by hand) at Nov 25, 2026, 4:14 PM PST',
    });
    expect(lineValue(handling(failed), 'ID check')).toMatch(/^Failed \(entered by hand\) at /);
    expect(handling(null)).toEqual([
      { label: 'Driver', value: 'Not recorded' },
      { label: 'Prepared by', value: 'Not recorded' },
      { label: 'ID check', value: 'Not recorded' },
      { label: 'Payment', value: 'Not recorded' },
    ]);
  });

  it('prints what was paid at handover: cash with its change, or the card', () => {
    const paid = (payment: Order['payment']) =>
      lineValue(buildReceipt({ ...input, order: { ...order, payment } }).handling, 'Payment');
    expect(paid({ method: 'cash', collected: 120 })).toBe('Cash, $120.00 collected, $17.28 change');
    expect(paid({ method: 'cash', collected: 102.72 })).toBe('Cash, $102.72');
    expect(paid({ method: 'debit', collected: 102.72 })).toBe('Debit card, $102.72');
  });

  it('leaves the address, delivery fee and driver off a pickup, and says "Picked up"', () => {
    const pickup = buildReceipt({
      ...input,
      order: { ...order, orderType: 'pickup', address: 'PICKUP', deliveryFee: 0, promoCode: null },
    });
    expect(pickup.details.map((line) => line.label)).toEqual([
      'Customer',
      'Customer no.',
      'Requested',
      'Picked up',
    ]);
    expect(pickup.amounts.map((line) => line.label)).not.toContain('Delivery fee');
    expect(lineValue(pickup.amounts, 'Discount')).toBe('-$8.55');
    expect(pickup.handling.map((line) => line.label)).toEqual([
      'Prepared by',
      'ID check',
      'Payment',
    ]);
  });

  it('keeps only a PNG data URL as the signature', () => {
    expect(buildReceipt(input).signature).toBe(input.signature);
    for (const signature of [
      null,
      'https://elsewhere.example/sig.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,abc" onerror="alert(1)',
    ])
      expect(buildReceipt({ ...input, signature }).signature).toBeNull();
  });

  it('numbers a customer by the phone’s digits, whichever way it was written', () => {
    const key = (phone: string, customerKey: string | null = null) =>
      customerNumberKey({ customerKey, phone });
    expect(key('+1 (415) 555-0101')).toBe('4155550101');
    expect(key('415.555.0101')).toBe(key('415-555-0101'));
    expect(key('anything', '4155550101')).toBe('4155550101');
    expect(key(' 12345 ')).toBe('phone:12345');
  });
});
