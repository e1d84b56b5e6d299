import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../../test/harness';
import type { OrderPlacement } from '../../../shared/schemas/orders';
import { dealerSettingsPatchSchema } from '../../../shared/schemas/settings';
import { deliveryZoneSchema } from '../../../shared/schemas/zones';
import { saveDealerSettings } from '../settings/admin-service';
import { getDealerSettings } from '../settings/service';
import { createDeliveryZone, listDeliveryZones } from '../zones/service';
import { checkoutTermsFor } from './checkout-rules';

const delivery = { orderType: 'delivery' } as OrderPlacement;
const pickup = { orderType: 'pickup' } as OrderPlacement;

describe.each(BACKENDS)('the terms an order is placed under on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(() => t.dispose());

  const termsFor = (input: OrderPlacement) =>
    t.db.writeTransaction((trx) => checkoutTermsFor(trx, dialect, input));

  it('reads the settings a shop that never saved any has, and no zones', async () => {
    await t.db.kysely.deleteFrom('dealer_settings').execute();
    expect(await termsFor(delivery)).toEqual({
      settings: await getDealerSettings(t.db.kysely),
      zones: [],
    });
    expect((await termsFor(delivery)).settings.jurisdiction).toBe('none');
  });

  it("reads the dealer's settings and every zone in the zones' own order; a pickup needs none", async () => {
    await saveDealerSettings(
      t.db,
      dealerSettingsPatchSchema.parse({ jurisdiction: 'US-CA', salesTaxRate: 9.5 }),
    );
    for (const [name, postalCodes] of [
      ['Mission', ['94110']],
      ['Bayview', ['94124']],
      ['Castro', ['94114']],
    ] as const) {
      await createDeliveryZone(
        t.db,
        deliveryZoneSchema.parse({ name, postalCodes, fee: 5, minimum: 20, freeDeliveryOver: 150 }),
      );
    }

    const terms = await termsFor(delivery);
    expect(terms).toEqual({
      settings: await getDealerSettings(t.db.kysely),
      zones: await listDeliveryZones(t.db.kysely),
    });
    expect(terms.settings).toMatchObject({ jurisdiction: 'US-CA', salesTaxRate: 9.5 });
    expect(terms.zones.map((zone) => zone.name)).toEqual(['Bayview', 'Castro', 'Mission']);
    expect(terms.zones[0]).toMatchObject({ postalCodes: ['94124'], fee: 5, minimum: 20 });

    expect(await termsFor(pickup)).toEqual({ settings: terms.settings, zones: [] });
  });
});
