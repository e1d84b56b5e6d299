/** Reads checkout makes of the dealer's settings and zones. */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../db/connect';
import { reusedQuery } from '../../../db/reused-query';
import type { Database, DealerSettingsRow, DeliveryZoneRow } from '../../../db/schema';
import { findSettingsRow } from '../../settings/repo';
import { listZoneRows } from '../../zones/repo';

/**
 * PostgreSQL: the dealer settings row and every delivery zone, in one round trip instead of
 * two, in the order their own reads give (`findSettingsRow`, `listZoneRows`).
 */
export const readSettingsAndZones = reusedQuery({
  build: () =>
    sql<{ settings: DealerSettingsRow | null; zones: DeliveryZoneRow[] }>`select
      (select row_to_json(s) from (select * from dealer_settings order by id limit 1) s) as settings,
      (select coalesce(json_agg(z order by z.name, z.id), '[]') from delivery_zones z) as zones`,
  parameters: () => [],
});

/**
 * The dealer settings row (none when the shop never saved any) and every delivery zone. On
 * PostgreSQL one round trip (`readSettingsAndZones`); SQLite runs in the process, where each
 * read costs no round trip, so it reads them one after the other.
 */
export async function findSettingsAndZoneRows(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<{ settings: DealerSettingsRow | undefined; zones: DeliveryZoneRow[] }> {
  if (dialect === 'sqlite')
    return { settings: await findSettingsRow(db), zones: await listZoneRows(db) };
  const [both] = await readSettingsAndZones(db);
  return { settings: both?.settings ?? undefined, zones: both?.zones ?? [] };
}
