import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { type OldRow, olderDbPerTest } from '../../../../test/suite';
import { migrateToLatest } from '../migrate';

const product = (name: string, category: string, subcategory: string | null): OldRow => ({
  name,
  category,
  subcategory,
  description: '',
  price_cents: 1000,
  media: '[]',
  stock: 5,
  created_at: '2026-11-20T10:00:00.000Z',
});

const promotion = (title: string, categories: string[]): OldRow => ({
  title,
  description: 'kept from an older version',
  promo_code: null,
  valid_days: '["monday"]',
  active: 1,
  applicable_categories: JSON.stringify(categories),
});

describe.each(BACKENDS)('upgrading to category ids on %s', (dialect) => {
  const olderDb = olderDbPerTest(dialect);

  it('files every product and promotion by id, keeps the data and lets a rename touch one row', async () => {
    const t = await olderDb('2026-11-25T0019-daily-grams-function');
    const db = t.old;
    const category = async (name: string, slug: string, parent_id: number | null) =>
      (
        await db
          .insertInto('categories')
          .values({ name, slug, parent_id, sort_order: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const flower = await category('Flower', 'flower', null);
    const indoor = await category('Indoor', 'indoor', flower);
    const edibles = await category('Edibles', 'edibles', null);
    const { insert } = t;
    const bud = await insert('products', product('Bud', 'flower', 'indoor'));
    const gummy = await insert('products', product('Gummy', 'edibles', null));
    const lost = await insert('products', product('Lost', 'gone', 'nowhere'));
    const both = await insert('promotions', promotion('Both', ['flower', 'edibles', 'gone']));
    const everything = await insert('promotions', promotion('Everything', []));
    const nothing = await insert('promotions', promotion('Nothing', ['gone']));

    await migrateToLatest(t.db);

    const uncategorized = await db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'uncategorized')
      .executeTakeFirstOrThrow();
    const places = await db
      .selectFrom('products')
      .select(['id', 'category_id', 'subcategory_id'])
      .orderBy('id')
      .execute();
    expect(places).toEqual([
      { id: bud, category_id: flower, subcategory_id: indoor },
      { id: gummy, category_id: edibles, subcategory_id: null },
      { id: lost, category_id: uncategorized.id, subcategory_id: null },
    ]);
    const links = await db
      .selectFrom('promotion_categories')
      .selectAll()
      .orderBy('category_id')
      .execute();
    expect(links).toEqual([
      { promotion_id: both, category_id: flower },
      { promotion_id: both, category_id: edibles },
    ]);
    const active = await db.selectFrom('promotions').select(['id', 'active']).execute();
    const activeOf = (id: number) => active.find((row: OldRow) => row.id === id)?.active;
    // a promotion limited to categories that no longer exist applied to nothing: it stays off
    expect([activeOf(both), activeOf(everything), activeOf(nothing)]).toEqual([1, 1, 0]);

    // the foreign keys hold: no product in a category that does not exist, no lost link
    await expect(
      db.updateTable('products').set({ category_id: 999_999 }).where('id', '=', bud).execute(),
    ).rejects.toThrow();
    await expect(db.deleteFrom('categories').where('id', '=', edibles).execute()).rejects.toThrow();
  });
});
