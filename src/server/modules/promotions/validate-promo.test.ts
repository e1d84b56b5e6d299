import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Product } from '../../../shared/schemas/products';

describe.each(BACKENDS)('POST /api/validate-promo on %s', (dialect) => {
  let t: TestApp;
  let products: Map<string, Product>;
  const validate = (promoCode: string, cartItems: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/validate-promo', payload: { promoCode, cartItems } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    products = await productsByName(t.app);
  });
  afterAll(() => t.dispose());

  it('accepts a percentage code for any cart, case-insensitively', async () => {
    const res = await validate('welcome10', [cartLine(products.get('Blue Dream')!, '1/8 Oz')]);
    expect(res.json()).toEqual({
      valid: true,
      promotion: {
        promoCode: 'WELCOME10',
        discountAmount: 10,
        discountType: 'percentage',
        applicableCategories: [],
        isBogo50: false,
        freebieProduct: null,
      },
    });
  });

  it('names the categories a limited code applies to when the cart has none of them', async () => {
    const res = await validate('SWEET5', [cartLine(products.get('Blue Dream')!, '1/8 Oz')]);
    expect(res.json()).toEqual({
      valid: false,
      applicableCategories: ['edibles'],
      error: 'This promo code only applies to: Edibles',
    });
    const ok = await validate('SWEET5', [cartLine(products.get('Dark Chocolate Bar')!, '1')]);
    expect(ok.json()).toMatchObject({
      valid: true,
      promotion: { discountType: 'fixed', discountAmount: 5, applicableCategories: ['edibles'] },
    });
  });

  it('asks for two 1 Oz items before BOGO50 applies', async () => {
    const one = await validate('Bogo50', [cartLine(products.get('Wedding Cake')!, '1 Oz')]);
    expect(one.json()).toEqual({
      valid: false,
      requiresOzItems: true,
      error: 'Add at least 2 Oz products to your cart to use BOGO50',
    });
    const two = await validate('bogo50', [cartLine(products.get('Wedding Cake')!, '1 Oz', 2)]);
    expect(two.json()).toMatchObject({
      valid: true,
      promotion: { promoCode: 'BOGO50', isBogo50: true },
    });
  });

  it('returns the freebie product of a freebie code', async () => {
    const res = await validate('FREEJOINT', [cartLine(products.get('Blue Dream')!, '1/8 Oz')]);
    const joint = products.get('Classic Joint')!;
    expect(res.json().promotion.freebieProduct).toEqual({
      id: joint.id,
      name: 'Classic Joint',
      category: 'prerolls',
      subcategory: 'singles',
      price: 0,
    });
  });

  it('refuses unknown, inactive and out-of-day codes', async () => {
    expect((await validate('NOPE', [])).json()).toEqual({
      valid: false,
      error: 'This promo code is not valid',
    });
    await t.db.kysely
      .updateTable('promotions')
      .set({ active: 0 })
      .where('promo_code', '=', 'WELCOME10')
      .execute();
    expect((await validate('WELCOME10', [])).json()).toEqual({
      valid: false,
      error: 'This promo code is not valid',
    });
  });

  it('says on which days an active code is valid when today is not one', async () => {
    const today = new Date().toLocaleDateString('en-US', { weekday: 'long' }).toLowerCase();
    const weekend = ['saturday', 'sunday'].includes(today)
      ? { days: ['monday', 'tuesday', 'wednesday'], text: 'Mon-Wed' }
      : { days: ['saturday', 'sunday'], text: 'Sat-Sun' };
    await t.db.kysely
      .updateTable('promotions')
      .set({ valid_days: JSON.stringify(weekend.days) })
      .where('promo_code', '=', 'SWEET5')
      .execute();
    const chocolate = cartLine(products.get('Dark Chocolate Bar')!, '1');
    expect((await validate('sweet5', [chocolate])).json()).toEqual({
      valid: false,
      error: `SWEET5 is valid ${weekend.text} only`,
    });
    // placing the order with it is refused with the same reason
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([chocolate], [...products.values()], { promoCode: 'SWEET5' }),
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toMatchObject({
      error: 'Invalid promo code',
      message: `SWEET5 is valid ${weekend.text} only`,
    });
  });

  it('refuses a code with no valid days, on every day and at placement', async () => {
    await t.db.kysely
      .updateTable('promotions')
      .set({ valid_days: JSON.stringify([]) })
      .where('promo_code', '=', 'WEEKEND15')
      .execute();
    const cart = [cartLine(products.get('Blue Dream')!, '1 Oz')];
    expect((await validate('WEEKEND15', cart)).json()).toEqual({
      valid: false,
      error: 'This promo code is not valid',
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(cart, [...products.values()], { promoCode: 'WEEKEND15' }),
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toMatchObject({ error: 'Invalid promo code' });
  });

  it('refuses an empty code with the spec text', async () => {
    const res = await validate('   ', []);
    expect(res.statusCode).toBe(400);
    expect(res.json().formattedErrors).toEqual(['promoCode: Please enter a promo code']);
  });
});
