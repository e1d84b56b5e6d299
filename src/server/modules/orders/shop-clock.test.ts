import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Product } from '../../../shared/schemas/products';

// Monday 30 November 2026, 10:30 in London (UTC in winter), 05:30 in New York.
const MONDAY_MORNING = new Date('2026-11-30T10:30:00Z');

describe.each(BACKENDS)(
  "scheduled delivery on the shop's clock on %s",
  // each test builds its own shop in a zone of its own: a bound for a loaded machine, not a wait
  { timeout: 120_000 },
  (dialect) => {
    const apps: TestApp[] = [];
    afterEach(() => vi.useRealTimers());
    afterAll(() => Promise.all(apps.map((app) => app.dispose())));

    async function shopIn(timeZone: string) {
      const t = await createTestApp(dialect, { env: { SHOP_TIMEZONE: timeZone } });
      apps.push(t);
      const products = await productsByName(t.app);
      const all = [...products.values()];
      const items = [cartLine(products.get('Blue Dream') as Product, '1/4 Oz')];
      const book = (deliveryDate: string, deliveryTimeWindow: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders/simple',
          payload: orderBody(items, all, {
            orderType: 'scheduled',
            deliveryDate,
            deliveryTimeWindow,
          }),
        });
      return { t, book };
    }

    it('refuses a window of today that starts within the hour, and takes a later one', async () => {
      const { book } = await shopIn('Europe/London');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(MONDAY_MORNING);
      const soon = await book('2026-11-30', '11:00 AM - 1:00 PM');
      expect(soon.statusCode).toBe(409);
      expect(soon.json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      const later = await book('2026-11-30', '1:00 PM - 3:00 PM');
      expect(later.statusCode).toBe(201);
    });

    it("counts the hours in the shop's time zone, not the server's", async () => {
      const { book } = await shopIn('America/New_York');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(MONDAY_MORNING);
      // 05:30 in New York: the 11:00 window is hours away
      expect((await book('2026-11-30', '11:00 AM - 1:00 PM')).statusCode).toBe(201);
      // 01:00 UTC on Tuesday is still Monday evening in New York: Monday is today, not past
      vi.setSystemTime(new Date('2026-12-01T01:00:00Z'));
      expect((await book('2026-11-30', '7:00 PM - 9:00 PM')).statusCode).toBe(409);
      expect((await book('2026-12-01', '11:00 AM - 1:00 PM')).statusCode).toBe(201);
    });

    it("judges a weekday promotion on the shop's weekday, at validation and at placement", async () => {
      const { t } = await shopIn('America/Los_Angeles');
      const { send } = await dealerClient(t);
      const created = await send('POST', '/api/promotions', {
        title: 'Sunday Funday',
        description: 'Sundays only',
        promoCode: 'SUNDAY5',
        discountAmount: 5,
        validDays: ['sunday'],
      });
      expect(created.statusCode).toBe(201);
      const products = await productsByName(t.app);
      const items = [cartLine(products.get('Blue Dream') as Product, '1/4 Oz')];
      const check = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/validate-promo',
          payload: { promoCode: 'sunday5', cartItems: items },
        });
      vi.useFakeTimers({ toFake: ['Date'] });
      // 17:30 on Sunday 29 November in Los Angeles is already Monday 01:30 in UTC
      vi.setSystemTime(new Date('2026-11-30T01:30:00Z'));
      expect((await check()).json()).toMatchObject({ valid: true });
      const promotion = created.json();
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/simple',
        payload: orderBody(items, [...products.values()], {
          orderType: 'pickup',
          promoCode: 'SUNDAY5',
          promotion,
        }),
      });
      expect(placed.statusCode).toBe(201);
      expect(placed.json().discountAmount).toBe(5);
      // and at 08:30 UTC on Monday it is Monday morning in Los Angeles too
      vi.setSystemTime(new Date('2026-11-30T08:30:00Z'));
      expect((await check()).json()).toEqual({
        valid: false,
        error: 'SUNDAY5 is valid Sun only',
      });
    });
  },
);
