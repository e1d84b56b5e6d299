import type { Kysely, Selectable } from 'kysely';
import type { StoreProfile } from '../../../shared/schemas/store-profile';
import type { Db } from '../../db/connect';
import type { Database, StoreProfileTable } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { type Actor, recordChange } from '../audit/service';
import * as repo from './repo';

const EMPTY: StoreProfile = {
  shopName: '',
  legalName: '',
  pickupAddress: '',
  openingHours: '',
  phone: '',
  licenseNumber: '',
  deliveryArea: '',
  paymentMethods: '',
};

function profileFromRow(row: Selectable<StoreProfileTable>): StoreProfile {
  return {
    shopName: row.shop_name,
    legalName: row.legal_name,
    pickupAddress: row.pickup_address,
    openingHours: row.opening_hours,
    phone: row.phone,
    licenseNumber: row.license_number,
    deliveryArea: row.delivery_area,
    paymentMethods: row.payment_methods,
  };
}

export async function getStoreProfile(db: Kysely<Database>): Promise<StoreProfile> {
  const row = await repo.findStoreProfileRow(db);
  return row ? profileFromRow(row) : EMPTY;
}

/** The dealer saves the whole profile; every open page shows the new facts. */
export async function saveStoreProfile(
  db: Db,
  profile: StoreProfile,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<StoreProfile>> {
  const row = await db.kysely.transaction().execute(async (trx) => {
    const before = await repo.findStoreProfileRow(trx, db.dialect);
    const saved = await repo.updateStoreProfileRow(trx, {
      shop_name: profile.shopName,
      legal_name: profile.legalName,
      pickup_address: profile.pickupAddress,
      opening_hours: profile.openingHours,
      phone: profile.phone,
      license_number: profile.licenseNumber,
      delivery_area: profile.deliveryArea,
      payment_methods: profile.paymentMethods,
      updated_at: now.toISOString(),
    });
    await recordChange(trx, actor, {
      action: 'changed',
      entity: 'store_profile',
      entityId: 1,
      before,
    });
    return saved;
  });
  const saved = profileFromRow(row);
  return { value: saved, events: [busEvent('store-profile-updated', saved)] };
}
