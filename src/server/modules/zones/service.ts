import type { Kysely } from 'kysely';
import { toCents, toDollars } from '../../../shared/money';
import type { DeliveryZone, DeliveryZoneFields } from '../../../shared/schemas/zones';
import type { Db } from '../../db/connect';
import { readJson } from '../../db/json';
import type { Database, DeliveryZoneRow } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { HttpError } from '../../http/errors';
import { type Actor, recordChange, SHOP_ITSELF } from '../audit/service';
import * as repo from './repo';

export function zoneFromRow(row: DeliveryZoneRow): DeliveryZone {
  return {
    id: row.id,
    name: row.name,
    postalCodes: readJson<string[]>(row.postal_codes, []),
    fee: toDollars(row.fee_cents),
    minimum: toDollars(row.minimum_cents),
    freeDeliveryOver:
      row.free_delivery_over_cents === null ? null : toDollars(row.free_delivery_over_cents),
    salesTaxRate: row.sales_tax_rate,
    note: row.note,
  };
}

function rowValues(zone: DeliveryZoneFields) {
  return {
    name: zone.name,
    postal_codes: JSON.stringify(zone.postalCodes),
    fee_cents: toCents(zone.fee),
    minimum_cents: toCents(zone.minimum),
    free_delivery_over_cents:
      zone.freeDeliveryOver === null ? null : toCents(zone.freeDeliveryOver),
    sales_tax_rate: zone.salesTaxRate,
    note: zone.note,
    updated_at: new Date().toISOString(),
  };
}

export async function listDeliveryZones(db: Kysely<Database>): Promise<DeliveryZone[]> {
  return (await repo.listZoneRows(db)).map(zoneFromRow);
}

const notFound = () => new HttpError(404, { error: 'Delivery zone not found', code: 'NOT_FOUND' });

/** A postal code belongs to one zone only, or its fee and minimum would be ambiguous. */
async function checkCodesAreFree(db: Kysely<Database>, zone: DeliveryZoneFields, ownId?: number) {
  for (const other of await listDeliveryZones(db)) {
    if (other.id === ownId) continue;
    const shared = zone.postalCodes.find((code) => other.postalCodes.includes(code));
    if (shared) {
      throw new HttpError(409, {
        error: `${shared} is already in the zone ${other.name}`,
        code: 'POSTAL_CODE_IN_OTHER_ZONE',
      });
    }
  }
}

const ZONES = 'delivery_zones';

/** The actor defaults to the shop itself for set-up code and tests. */
export async function createDeliveryZone(
  db: Db,
  zone: DeliveryZoneFields,
  actor: Actor = SHOP_ITSELF,
): Promise<Outcome<DeliveryZone>> {
  const created = await db.kysely.transaction().execute(async (trx) => {
    await checkCodesAreFree(trx, zone);
    const now = new Date().toISOString();
    const row = await repo.insertZoneRow(trx, { ...rowValues(zone), created_at: now });
    await recordChange(trx, actor, { action: 'created', entity: ZONES, entityId: row.id });
    return zoneFromRow(row);
  });
  return { value: created, events: [busEvent('delivery-zone-created', created)] };
}

export async function updateDeliveryZone(
  db: Db,
  id: number,
  changes: Partial<DeliveryZoneFields>,
  actor: Actor,
): Promise<Outcome<DeliveryZone>> {
  const updated = await db.kysely.transaction().execute(async (trx) => {
    const row = await repo.findZoneRow(trx, id, db.dialect);
    if (!row) throw notFound();
    const merged = { ...zoneFromRow(row), ...changes };
    await checkCodesAreFree(trx, merged, id);
    const saved = await repo.updateZoneRow(trx, id, rowValues(merged));
    if (!saved) throw notFound();
    await recordChange(trx, actor, { action: 'changed', entity: ZONES, entityId: id, before: row });
    return zoneFromRow(saved);
  });
  return { value: updated, events: [busEvent('delivery-zone-updated', updated)] };
}

export async function deleteDeliveryZone(db: Db, id: number, actor: Actor): Promise<Outcome<void>> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await repo.findZoneRow(trx, id, db.dialect);
    if (!before) throw notFound();
    await repo.deleteZoneRow(trx, id);
    await recordChange(trx, actor, { action: 'deleted', entity: ZONES, entityId: id, before });
  });
  return { value: undefined, events: [busEvent('delivery-zone-deleted', { id })] };
}
