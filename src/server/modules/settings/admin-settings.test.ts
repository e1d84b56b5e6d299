import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { dealerPerSuite } from '../../../../test/suite';
import type { DealerSettings } from '../../../shared/schemas/settings';

describe.each(BACKENDS)('dealer settings API on %s', (dialect) => {
  const { t, send, events } = dealerPerSuite(dialect, { seed: false });

  it('creates the settings row on first save and updates it after', async () => {
    const first = await send('PATCH', '/api/dealer-settings', {
      availableDays: ['friday', 'Monday'],
      deliveryHours: JSON.stringify(['9:00 AM - 11:00 AM', '1:00 PM - 3:00 PM']),
      deliveryNotes: 'Ring twice',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      availableDays: ['Monday', 'Friday'],
      deliveryHours: '["9:00 AM - 11:00 AM","1:00 PM - 3:00 PM"]',
      deliveryNotes: 'Ring twice',
    });
    expect(events).toContain('dealer-settings-updated');
    const second = await send('PATCH', '/api/dealer-settings', { availableDays: ['Sunday'] });
    expect(second.json()).toMatchObject({
      id: first.json().id,
      availableDays: ['Sunday'],
      deliveryHours: '["9:00 AM - 11:00 AM","1:00 PM - 3:00 PM"]',
      deliveryNotes: 'Ring twice',
    });
    const read = (await t.app.inject('/api/dealer-settings')).json<DealerSettings>();
    expect(read.availableDays).toEqual(['Sunday']);
    const rows = await t.db.kysely.selectFrom('dealer_settings').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses settings without available days or with unreadable hours', async () => {
    expect((await send('PATCH', '/api/dealer-settings', { deliveryNotes: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await send('PATCH', '/api/dealer-settings', { availableDays: ['Caturday'] })).statusCode,
    ).toBe(400);
    const hours = await send('PATCH', '/api/dealer-settings', {
      availableDays: [],
      deliveryHours: 'not json',
    });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().errors[0].path).toBe('deliveryHours');
  });

  it('refuses a settings save without a dealer session', async () => {
    const res = await send('PATCH', '/api/dealer-settings', { availableDays: ['Monday'] }, true);
    expect(res.statusCode).toBe(401);
  });
});
