import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { dealerPerSuite } from '../../../../test/suite';
import { WEEKDAYS } from '../../../shared/constants';
import type { Product } from '../../../shared/schemas/products';
import { type Promotion, ZERO_DISCOUNT_WITH_CODE } from '../../../shared/schemas/promotions';
import { BOGO50_DELETE_REFUSED, BOGO50_EDIT_REFUSED, DUPLICATE_PROMO_CODE } from './admin-service';

describe.each(BACKENDS)('dealer promotion API on %s', (dialect) => {
  let bogo: Promotion;
  const { t, send, events } = dealerPerSuite(dialect);
  const promotions = async () => (await t.app.inject('/api/promotions')).json<Promotion[]>();
  const createPromotion = (body: object) => send('POST', '/api/promotions', body);

  beforeAll(async () => {
    bogo = (await promotions()).find((p) => p.isBogo50)!;
  });

  it('creates a promotion with the spec defaults and an upper-case code', async () => {
    const res = await createPromotion({
      title: 'Ten off',
      description: 'Ten dollars off',
      promoCode: ' ten-off ',
      discountAmount: 10,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Ten off',
      active: true,
      color: 'rainbow-blue',
      promoCode: 'TEN-OFF',
      discountType: 'fixed',
      discountAmount: 10,
      displayOrder: 999,
      validDays: [...WEEKDAYS],
      applicableCategories: [],
      freebieProductId: null,
      isBogo50: false,
    });
    expect(events).toContain('promotion-created');
    // without a code the amount keeps the spec's default of 0 (a banner-only promotion)
    const banner = await createPromotion({
      title: 'News',
      description: 'Open late',
    });
    expect(banner.json()).toMatchObject({ promoCode: null, discountAmount: 0 });
  });

  it('refuses a code that takes nothing off: a fixed or percentage code needs an amount above 0', async () => {
    for (const discountType of ['fixed', 'percentage'] as const) {
      const res = await createPromotion({
        title: 'Nothing off',
        description: 'x',
        promoCode: `ZERO-${discountType}`,
        discountType,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().formattedErrors).toEqual([`discountAmount: ${ZERO_DISCOUNT_WITH_CODE}`]);
    }
    const codeless = await createPromotion({ title: 'Plain', description: 'x' });
    const gaveCode = await send('PATCH', `/api/promotions/${codeless.json().id}`, {
      promoCode: 'LATER',
    });
    expect(gaveCode.statusCode).toBe(400);
    expect(await promotions()).not.toContainEqual(expect.objectContaining({ promoCode: 'LATER' }));
  });

  it('stores percentages and fixed amounts to the hundredth and validates the code is usable', async () => {
    const res = await createPromotion({
      title: 'Edibles',
      description: '12.5% off edibles',
      promoCode: 'EDI125',
      discountType: 'percentage',
      discountAmount: 12.5,
      applicableCategories: ['edibles'],
      validDays: ['Friday', 'saturday'],
      color: 'rainbow-green',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      discountAmount: 12.5,
      validDays: ['friday', 'saturday'],
      applicableCategories: ['edibles'],
    });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/validate-promo',
      payload: { promoCode: 'edi125', cartItems: [] },
    });
    expect(check.statusCode).toBe(200);
  });

  it('refuses invalid promotions', async () => {
    /** A promotion that would be valid but for `fields`. */
    const create = (fields: object) => createPromotion({ title: 'a', description: 'b', ...fields });
    const missing = await createPromotion({ title: '', discountAmount: -1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['title', 'description', 'discountAmount']),
    );
    const tooMuch = await create({ discountType: 'percentage', discountAmount: 101 });
    expect(tooMuch.json().errors[0].path).toBe('discountAmount');
    const noFreebie = await create({ discountType: 'freebie' });
    expect(noFreebie.json().errors[0]).toMatchObject({ path: 'freebieProductId' });
    const ghost = await create({ discountType: 'freebie', freebieProductId: 999999 });
    expect(ghost.json().error).toBe('Freebie product not found');
    const badDay = await create({ validDays: ['someday'] });
    expect(badDay.statusCode).toBe(400);
    const badCategory = await create({ applicableCategories: ['nope'] });
    expect(badCategory.json().error).toBe('Category not found: nope');
    const duplicate = await create({ promoCode: 'bogo50', discountAmount: 5 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: DUPLICATE_PROMO_CODE, code: 'PROMO_CODE_TAKEN' });
  });

  it('gives a code saved by several dealers at the same moment to exactly one (the unique index)', async () => {
    const answers = await Promise.all(
      ['RUSH', 'rush', 'Rush', 'RUSH', 'rUsh', 'RUSH'].map((promoCode, i) =>
        createPromotion({
          title: `Rush ${i}`,
          description: 'x',
          promoCode,
          discountAmount: 5,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toEqual({ error: DUPLICATE_PROMO_CODE, code: 'PROMO_CODE_TAKEN' });
    // and an edit that takes another promotion's code is refused the same way
    const other = await createPromotion({ title: 'Other', description: 'x' });
    const taken = await send('PATCH', `/api/promotions/${other.json().id}`, {
      promoCode: 'rush',
      discountAmount: 5,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('PROMO_CODE_TAKEN');
  });

  it('creates a freebie promotion for an existing product', async () => {
    const product = (await t.app.inject('/api/products')).json<Product[]>()[0];
    const res = await createPromotion({
      title: 'Free',
      description: 'A gift',
      discountType: 'freebie',
      freebieProductId: product.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ discountType: 'freebie', freebieProductId: product.id });
    // the product given away cannot disappear from under the promotion
    expect((await send('DELETE', `/api/products/${product.id}`)).statusCode).toBe(409);
  });

  it('updates a promotion partially and swaps display orders', async () => {
    const a = (
      await createPromotion({ title: 'A', description: 'a', displayOrder: 10 })
    ).json<Promotion>();
    const b = (
      await createPromotion({ title: 'B', description: 'b', displayOrder: 11 })
    ).json<Promotion>();
    expect(
      (await send('PATCH', `/api/promotions/${a.id}`, { displayOrder: 11 })).json(),
    ).toMatchObject({ title: 'A', displayOrder: 11 });
    expect(
      (await send('PATCH', `/api/promotions/${b.id}`, { displayOrder: 10 })).json(),
    ).toMatchObject({ title: 'B', displayOrder: 10 });
    const updated = await send('PATCH', `/api/promotions/${a.id}`, {
      active: false,
      discountAmount: 5.255,
      promoCode: 'aaa',
    });
    expect(updated.json()).toMatchObject({
      active: false,
      discountAmount: 5.26,
      promoCode: 'AAA',
      description: 'a',
    });
    expect(events).toContain('promotion-updated');
    const bad = await send('PATCH', `/api/promotions/${a.id}`, { color: 'pink' });
    expect(bad.statusCode).toBe(400);
    const taken = await send('PATCH', `/api/promotions/${b.id}`, {
      promoCode: 'AAA',
      discountAmount: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect((await send('PATCH', '/api/promotions/999999', { active: false })).statusCode).toBe(404);
  });

  it('lets BOGO50 change only its active flag, title and description, and never be deleted', async () => {
    const ok = await send('PATCH', `/api/promotions/${bogo.id}`, {
      active: false,
      title: 'BOGO',
      description: 'Half off the second oz',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      active: false,
      title: 'BOGO',
      promoCode: 'BOGO50',
      discountAmount: bogo.discountAmount,
    });
    // the whole card sent back unchanged is fine
    const whole = await send('PATCH', `/api/promotions/${bogo.id}`, {
      ...ok.json<Promotion>(),
      active: true,
    });
    expect(whole.statusCode).toBe(200);
    for (const change of [
      { discountAmount: 10 },
      { promoCode: 'OTHER' },
      { validDays: ['monday'] },
      { discountType: 'fixed' },
    ]) {
      const refused = await send('PATCH', `/api/promotions/${bogo.id}`, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json()).toEqual({ error: BOGO50_EDIT_REFUSED, code: 'BOGO50_EDIT_REFUSED' });
    }
    const deleted = await send('DELETE', `/api/promotions/${bogo.id}`);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toEqual({ error: BOGO50_DELETE_REFUSED, code: 'BOGO50_DELETE_REFUSED' });
    expect((await promotions()).some((p) => p.id === bogo.id)).toBe(true);
  });

  it('deletes a promotion with 204', async () => {
    const created = (
      await createPromotion({ title: 'Gone', description: 'soon' })
    ).json<Promotion>();
    expect((await send('DELETE', `/api/promotions/${created.id}`)).statusCode).toBe(204);
    expect(events).toContain('promotion-deleted');
    expect((await send('DELETE', `/api/promotions/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses every promotion write without a dealer session', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/promotions', { title: 'a', description: 'b' }],
      ['PATCH', `/api/promotions/${bogo.id}`, { active: true }],
      ['DELETE', `/api/promotions/${bogo.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method as 'POST', url, body, true)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });
});
