import { sql } from 'kysely';
import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * Promo codes are unique by an index on their upper-cased text, not by writers
 * taking turns under an advisory lock. Codes already stored are kept: an empty code becomes
 * no code, and when older data holds one code twice (in any case) the oldest promotion keeps
 * it and the later ones get their id appended ("SUMMER" and "SUMMER-7"), so the dealer can
 * see and rename them.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db
    .updateTable('promotions')
    .set({ promo_code: null })
    .where(sql<string>`trim(promo_code)`, '=', '')
    .execute();
  const rows = await db
    .selectFrom('promotions')
    .select(['id', 'promo_code'])
    .where('promo_code', 'is not', null)
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const row of rows as { id: number; promo_code: string }[]) {
    const code = row.promo_code.toUpperCase();
    if (!taken.has(code)) {
      taken.add(code);
      continue;
    }
    const renamed = `${row.promo_code}-${row.id}`;
    taken.add(renamed.toUpperCase());
    await db
      .updateTable('promotions')
      .set({ promo_code: renamed })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('promotions_promo_code_unique')
    .on('promotions')
    .unique()
    .expression(sql`upper(promo_code)`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('promotions_promo_code_unique').ifExists().execute();
}
