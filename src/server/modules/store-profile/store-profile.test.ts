import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';

const profile = {
  shopName: 'Green Door',
  legalName: 'Green Door Holdings, LLC',
  pickupAddress: '1 Elm St, Oakland',
  openingHours: 'Daily 10 AM - 8 PM',
  phone: '(510) 555-0100',
  licenseNumber: 'C10-1234567-LIC',
  deliveryArea: 'Oakland and Berkeley',
  paymentMethods: 'Cash or debit',
};

describe.each(BACKENDS)('the store profile on %s', (dialect) => {
  let t: TestApp;
  const events: { type: string; data: unknown }[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    t.app.events.subscribe((e) => events.push({ type: e.type, data: e.data }));
  });
  afterAll(() => t.dispose());

  it('starts empty, is saved by the dealer, announced live and read by anyone', async () => {
    const empty = await t.app.inject('/api/store-profile');
    expect(empty.statusCode).toBe(200);
    expect(Object.values(empty.json()).every((v) => v === '')).toBe(true);

    const { send } = await dealerClient(t);
    const saved = await send('PUT', '/api/store-profile', { ...profile, shopName: ' Green Door ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(profile);
    expect(events.at(-1)).toEqual({ type: 'store-profile-updated', data: profile });
    expect((await t.app.inject('/api/store-profile')).json()).toEqual(profile);

    // a line left out is cleared, not kept
    const cleared = await send('PUT', '/api/store-profile', { ...profile, phone: undefined });
    expect(cleared.json().phone).toBe('');
  });

  it('keeps shoppers out (401) and refuses bad lines with 400, changing nothing', async () => {
    const { send } = await dealerClient(t);
    await send('PUT', '/api/store-profile', profile);
    expect((await send('PUT', '/api/store-profile', profile, true)).statusCode).toBe(401);
    const tooLong = await send('PUT', '/api/store-profile', {
      ...profile,
      shopName: 'x'.repeat(81),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().formattedErrors).toEqual(['shopName: must be at most 80 characters']);
    const nul = await send('PUT', '/api/store-profile', { ...profile, phone: '555\u0000' });
    expect(nul.statusCode).toBe(400);
    const notText = await send('PUT', '/api/store-profile', { ...profile, openingHours: 9 });
    expect(notText.json().formattedErrors).toEqual(['openingHours: must be text']);
    expect((await t.app.inject('/api/store-profile')).json()).toEqual(profile);
  });
});
