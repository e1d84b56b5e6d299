/** Reads checkout makes of the dealer's settings and zones. */
import { sql } from 'kysely';
import { reusedQuery } from '../../../db/reused-query';
import type { DealerSettingsRow, DeliveryZoneRow } from '../../../db/schema';

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
