import { type ControlledTransaction, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../test/harness';
import type { Database } from '../../db/schema';
import { dayGramsOfLocked } from './repo';

const DAY = '2026-11-25';
const NOTHING = { cannabis: 0, concentrate: 0 };
const OUNCE = { cannabis: 28, concentrate: 0 };

/**
 * PostgreSQL reads committed rows only, so without the customer's lock a second order would
 * count the day as empty while the first is still being placed. SQLite writes one transaction
 * at a time and has no such read.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('daily grams on PostgreSQL', () => {
  let test: TestDb | null = null;
  afterEach(async () => {
    await test?.dispose();
    test = null;
  });

  async function openOrderOf(customerKey: string, shopperId: string, status = 'accepted') {
    test ??= await createTestDb('postgres', { seed: false });
    const trx = await test.db.kysely.startTransaction().execute();
    expect(await dayGramsOfLocked(trx, DAY, customerKey, shopperId)).toEqual({
      own: NOTHING,
      others: NOTHING,
    });
    await trx
      .insertInto('orders')
      .values({
        shopper_id: shopperId,
        customer: 'Ada',
        address: '1 Main St',
        phone: '555-0170',
        email: null,
        status,
        subtotal_cents: 30000,
        discount_cents: 0,
        delivery_fee_cents: 0,
        total_cents: 30000,
        promo_code: null,
        bogo50_details: null,
        order_type: 'delivery',
        delivery_date: DAY,
        delivery_time_window: null,
        delivery_notes: null,
        schedule_slot_id: null,
        created_at: new Date().toISOString(),
        shop_date: DAY,
        sale_date: DAY,
        customer_key: customerKey,
        postal_code: null,
        cannabis_grams: 28,
      })
      .execute();
    return trx;
  }

  /** Resolves once this connection waits for a lock another one holds, or the read ends. */
  async function waitingFor(pid: number, read: Promise<unknown>): Promise<'waiting' | 'read'> {
    let ended = false;
    void read.finally(() => {
      ended = true;
    });
    while (!ended) {
      const { rows } = await sql`select 1 from pg_locks where pid = ${pid} and not granted`.execute(
        test!.db.kysely,
      );
      if (rows.length > 0) return 'waiting';
    }
    return 'read';
  }

  async function countedAfter(
    first: ControlledTransaction<Database>,
    customerKey: string,
    shopperId: string,
  ) {
    const second = await test!.db.kysely.startTransaction().execute();
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(second);
    const read = dayGramsOfLocked(second, DAY, customerKey, shopperId);
    try {
      // the second order's count waits for the first order to end
      expect(await waitingFor(Number(rows[0]?.pid), read)).toBe('waiting');
      await first.commit().execute();
      return await read;
    } finally {
      if (!first.isCommitted) await first.rollback().execute();
      await read.catch(() => null);
      await second.rollback().execute();
    }
  }

  it('waits for the same phone’s order in progress, then counts it once staff accepted it', async () => {
    const first = await openOrderOf('5550170', 'shopper-a');
    expect(await countedAfter(first, '5550170', 'shopper-b')).toEqual({
      own: NOTHING,
      others: OUNCE,
    });
  });

  it('waits for another shopper’s unaccepted order under the phone, then leaves it out', async () => {
    const first = await openOrderOf('5550170', 'shopper-a', 'pending');
    expect(await countedAfter(first, '5550170', 'shopper-b')).toEqual({
      own: NOTHING,
      others: NOTHING,
    });
  });

  it('waits for the same shopper’s order in progress under another phone', async () => {
    const first = await openOrderOf('5550170', 'shopper-a', 'pending');
    expect(await countedAfter(first, '5550999', 'shopper-a')).toEqual({
      own: OUNCE,
      others: NOTHING,
    });
  });
});
