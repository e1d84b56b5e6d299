import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { type OldRow, olderDbPerTest } from '../../../../test/suite';
import { SHOP_ITSELF } from '../../modules/audit/service';
import { updateOrderStatus } from '../../modules/orders/service';
import { migrateToLatest } from '../migrate';

/** The owner completing orders at the back office under the spec's rule set. */
const AT_THE_SHOP = { actor: SHOP_ITSELF, timeZone: 'America/Los_Angeles' };

const order = (phone: string, status: string, extra: OldRow = {}): OldRow => ({
  customer: 'Jamie Rivera',
  address: '12 Elm Street',
  phone,
  status,
  subtotal_cents: 5000,
  total_cents: 5500,
  delivery_fee_cents: 500,
  order_type: 'delivery',
  created_at: '2026-11-20T18:00:00.000Z',
  ...extra,
});

describe.each(BACKENDS)('upgrading to receipts on %s', (dialect) => {
  const olderDb = olderDbPerTest(dialect);

  it('numbers the customers of orders completed before, one number per phone, and goes on from there', async () => {
    const t = await olderDb('2026-11-25T0026-door-signatures');
    const insert = (row: OldRow) => t.insert('orders', row);
    const second = await insert(
      order('(415) 555-0101', 'completed', { completed_at: '2026-11-21T18:00:00.000Z' }),
    );
    // completed before 0024 kept no time: it counts from when it was placed
    const first = await insert(order('415-555-0101', 'completed', { customer_key: '4155550101' }));
    const other = await insert(
      order('415-555-0199', 'completed', { completed_at: '2026-11-22T18:00:00.000Z' }),
    );
    const open = await insert(order('+1 415 555 0101', 'pending'));

    await migrateToLatest(t.db);

    const numbers = async () =>
      Object.fromEntries(
        (
          await t!.db.kysely
            .selectFrom('orders')
            .select(['id', 'customer_number', 'prepared_by'])
            .execute()
        ).map((row) => [row.id, row]),
      );
    const before = await numbers();
    expect(before[first]!.customer_number).toBe(1);
    expect(before[second]!.customer_number).toBe(1);
    expect(before[other]!.customer_number).toBe(2);
    expect(before[open]).toMatchObject({ customer_number: null, prepared_by: null });
    expect(before[first]!.prepared_by).toBeNull();

    // the next customer gets the next number; a known one keeps theirs
    await updateOrderStatus(t.db, open, { status: 'completed' }, AT_THE_SHOP);
    const newcomer = await insert(order('415-555-0777', 'pending'));
    await updateOrderStatus(t.db, newcomer, { status: 'completed' }, AT_THE_SHOP);
    const after = await numbers();
    expect(after[open]!.customer_number).toBe(1);
    expect(after[newcomer]!.customer_number).toBe(3);
  });
});
