import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { dealerPerSuite } from '../../../../test/suite';
import { OVERRIDE_MARKER } from '../../../shared/constants';
import { INVALID_SLOT, type ScheduleSlot } from '../../../shared/schemas/schedule';
import { DUPLICATE_SLOT } from './admin-service';

describe.each(BACKENDS)('dealer schedule API on %s', (dialect) => {
  const { t, send, events } = dealerPerSuite(dialect, { seed: false });
  const slots = async () => (await t.app.inject('/api/schedule-slots')).json<ScheduleSlot[]>();
  const createSlot = (body: object) => send('POST', '/api/schedule-slots', body);

  it('creates a slot with the default capacity and ignores currentOrders', async () => {
    const res = await createSlot({
      date: '2030-03-04',
      startTime: '09:00 am',
      endTime: '11:00 AM',
      currentOrders: 4,
      notes: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      date: '2030-03-04',
      startTime: '9:00 AM',
      endTime: '11:00 AM',
      maxOrders: 5,
      currentOrders: 0,
      notes: null,
    });
    expect(events).toContain('schedule-slot-created');
    expect((await slots()).map((s) => s.id)).toContain(res.json().id);
    const again = await createSlot({
      date: '2030-03-04',
      startTime: '9:00 AM',
      endTime: '11:00 AM',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: DUPLICATE_SLOT, code: 'SLOT_EXISTS' });
  });

  it('counts the orders a weekly window already holds when the day gets a slot of its own', async () => {
    const booked = (status: string) =>
      t.db.kysely
        .insertInto('orders')
        .values({
          customer: 'Jamie Rivera',
          address: '12 Elm Street, Oakland, CA 94612',
          phone: '555-0101',
          status,
          subtotal_cents: 6000,
          discount_cents: 0,
          delivery_fee_cents: 500,
          total_cents: 6500,
          order_type: 'scheduled',
          delivery_date: '2030-04-02',
          delivery_time_window: '11:00 AM - 1:00 PM',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const kept = await booked('accepted');
    await booked('cancelled');
    const res = await createSlot({
      date: '2030-04-02',
      startTime: '11:00 AM',
      endTime: '1:00 PM',
    });
    expect(res.json()).toMatchObject({ maxOrders: 5, currentOrders: 1 });
    const linked = await t.db.kysely
      .selectFrom('orders')
      .select('schedule_slot_id')
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow();
    expect(linked.schedule_slot_id).toBe(res.json().id);
  });

  it('creates the override marker', async () => {
    const res = await createSlot({
      date: '2030-03-05',
      ...OVERRIDE_MARKER,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      startTime: '12:00 AM',
      endTime: '12:01 AM',
      maxOrders: 0,
      notes: 'OVERRIDE_WEEKLY_SCHEDULE',
    });
  });

  it('refuses a slot without date or times', async () => {
    for (const body of [
      { startTime: '9:00 AM', endTime: '11:00 AM' },
      { date: '2030-02-30', startTime: '9:00 AM', endTime: '11:00 AM' },
      { date: '2030-03-04', startTime: 'nine', endTime: '' },
      { date: '2030-03-04', startTime: '9:00 AM', endTime: '11:00 AM', maxOrders: -1 },
    ]) {
      const res = await createSlot(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(INVALID_SLOT);
    }
  });

  it('deletes a slot with 204 and answers 404 for a missing one', async () => {
    const slot = (
      await createSlot({
        date: '2030-03-06',
        startTime: '1:00 PM',
        endTime: '3:00 PM',
      })
    ).json<ScheduleSlot>();
    expect((await send('DELETE', `/api/schedule-slots/${slot.id}`)).statusCode).toBe(204);
    expect(events).toContain('schedule-slot-deleted');
    expect((await slots()).some((s) => s.id === slot.id)).toBe(false);
    expect((await send('DELETE', `/api/schedule-slots/${slot.id}`)).statusCode).toBe(404);
  });

  it('refuses every slot write without a dealer session', async () => {
    const calls: [string, string, unknown][] = [
      [
        'POST',
        '/api/schedule-slots',
        { date: '2030-03-04', startTime: '9:00 AM', endTime: '11:00 AM' },
      ],
      ['DELETE', '/api/schedule-slots/1', undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method as 'POST', url, body, true)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });
});
