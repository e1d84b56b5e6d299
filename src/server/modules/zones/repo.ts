import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/connect';
import { forUpdate } from '../../db/dialect';
import { reusedQuery } from '../../db/reused-query';
import type { Database, DeliveryZonesTable } from '../../db/schema';

type Q = Kysely<Database>;

/** Read by every delivery order: compiled once (see reused-query.ts). */
export const listZoneRows = reusedQuery({
  build: (db) => db.selectFrom('delivery_zones').selectAll().orderBy('name').orderBy('id'),
  parameters: () => [],
});

/** Given `lockOn`, the row stays locked until the commit where that database needs it. */
export function findZoneRow(db: Q, id: number, lockOn?: Dialect) {
  const query = db.selectFrom('delivery_zones').selectAll().where('id', '=', id);
  return forUpdate(query, lockOn).executeTakeFirst();
}

export function insertZoneRow(db: Q, values: Insertable<DeliveryZonesTable>) {
  return db.insertInto('delivery_zones').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateZoneRow(db: Q, id: number, values: Updateable<DeliveryZonesTable>) {
  return db
    .updateTable('delivery_zones')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteZoneRow(db: Q, id: number): Promise<boolean> {
  const result = await db.deleteFrom('delivery_zones').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
