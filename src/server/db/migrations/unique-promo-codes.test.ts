import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { olderDbPerTest } from '../../../../test/suite';
import { migrateToLatest } from '../migrate';

const promotion = (promo_code: string | null) => ({
  title: `Promo ${promo_code}`,
  description: 'kept from an older version',
  promo_code,
  valid_days: '["monday"]',
  active: 1,
  color: 'rainbow-blue',
  discount_amount_x100: 1000,
  discount_type: 'percentage',
  applicable_categories: '[]',
  freebie_product_id: null,
  display_order: 999,
  is_bogo50: 0,
});

/** The same promotion as the schema holds it since promotion_categories (migration 0020). */
function current(promo_code: string | null) {
  const { applicable_categories: _, ...row } = promotion(promo_code);
  return row;
}

describe.each(BACKENDS)('upgrading to unique promo codes on %s', (dialect) => {
  const olderDb = olderDbPerTest(dialect);

  it('keeps every promotion, renames later duplicates, and refuses a duplicate afterwards', async () => {
    const t = await olderDb('2026-11-23T0013-realtime-hardening');
    const db = t.db.kysely;
    const ids: number[] = [];
    for (const code of ['SUMMER', 'summer', '', 'WINTER', null]) {
      const row = await db
        .insertInto('promotions')
        .values(promotion(code))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }

    await migrateToLatest(t.db);

    const codes = await db
      .selectFrom('promotions')
      .select(['id', 'promo_code'])
      .orderBy('id')
      .execute();
    const codeOf = (id: number) => codes.find((row) => row.id === id)?.promo_code;
    expect(codeOf(ids[0])).toBe('SUMMER');
    expect(codeOf(ids[1])).toBe(`summer-${ids[1]}`);
    expect(codeOf(ids[2])).toBeNull();
    expect(codeOf(ids[3])).toBe('WINTER');
    expect(codeOf(ids[4])).toBeNull();
    expect(codes.length).toBe(6); // the five, and BOGO50 from the first migration

    await expect(db.insertInto('promotions').values(current('Winter')).execute()).rejects.toThrow();
    // no code at all stays allowed any number of times
    await db.insertInto('promotions').values(current(null)).execute();
  });
});
