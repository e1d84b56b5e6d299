/**
 * The dealer's settings and the delivery zones change only when staff save them, while every
 * order reads both: the checkout reads them from this snapshot, loaded once and dropped by the
 * events those saves publish (on PostgreSQL other instances' saves arrive through the bus too).
 */

import type { DealerSettings } from '../../../shared/schemas/settings';
import type { DeliveryZone } from '../../../shared/schemas/zones';
import type { Db } from '../../db/connect';
import type { BusEvent } from '../../events/bus';
import { settingsOrDefault } from '../settings/service';
import { zoneFromRow } from '../zones/service';
import * as repo from './repo';

export interface CheckoutTerms {
  settings: DealerSettings;
  zones: readonly DeliveryZone[];
}

/** The bus events after which the settings or the zones read before are stale. */
const STALE_AFTER: ReadonlySet<string> = new Set<BusEvent['type']>([
  'dealer-settings-updated',
  'delivery-zone-created',
  'delivery-zone-updated',
  'delivery-zone-deleted',
]);

export const makesCheckoutTermsStale = (event: Pick<BusEvent, 'type'>) =>
  STALE_AFTER.has(event.type);

/** Settings and zones as committed; PostgreSQL reads both in one round trip. */
export async function readCheckoutTerms(db: Db): Promise<CheckoutTerms> {
  const rows = await repo.findSettingsAndZoneRows(db.kysely, db.dialect);
  return { settings: settingsOrDefault(rows.settings), zones: rows.zones.map(zoneFromRow) };
}

/** Frozen all the way down: every order shares these objects, so none may change them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A load that started before an invalidation is not kept after it (its reading may predate the
 * change), though the orders already waiting for it are answered with it. Read it before the
 * order's transaction: on SQLite the load needs the one connection that transaction holds.
 */
export function createCheckoutTermsSnapshot(load: () => Promise<CheckoutTerms>) {
  let current: Promise<CheckoutTerms> | null = null;
  return {
    get(): Promise<CheckoutTerms> {
      if (current) return current;
      const loading = load().then(deepFreeze);
      current = loading;
      // a failed load is not kept: the next order tries again
      loading.catch(() => {
        if (current === loading) current = null;
      });
      return loading;
    },
    invalidate(): void {
      current = null;
    },
  };
}

export type CheckoutTermsSnapshot = ReturnType<typeof createCheckoutTermsSnapshot>;
