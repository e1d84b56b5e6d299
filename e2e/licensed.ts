import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The licensed shop's one delivery zone, shared by its journeys. */
export const MISSION = {
  name: 'Mission',
  postalCodes: ['94110', '94103'],
  fee: 7,
  minimum: 60,
  freeDeliveryOver: null,
  note: '45-90 min',
};

/**
 * Signs the dealer in on `request` and makes the shop Californian (or leaves the switch to the
 * journey with `jurisdiction: 'none'`), delivering every day, with the Mission zone.
 */
export async function makeShopLicensed(
  request: APIRequestContext,
  { jurisdiction = 'US-CA' }: { jurisdiction?: 'US-CA' | 'none' } = {},
) {
  expect((await request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  const settings = await request.patch('/api/dealer-settings', {
    // a licensed shop that delivers every day (same-day delivery only on delivery days)
    data: { jurisdiction, salesTaxRate: 9.5, availableDays: EVERY_DAY },
  });
  expect(settings.ok()).toBe(true);
  const zones = (await (await request.get('/api/delivery-zones')).json()) as { name: string }[];
  // the phone and desktop runs share this server: the first one adds the zone
  if (!zones.some((zone) => zone.name === MISSION.name)) {
    const created = await request.post('/api/delivery-zones', { data: MISSION });
    expect([201, 409]).toContain(created.status());
  }
}
