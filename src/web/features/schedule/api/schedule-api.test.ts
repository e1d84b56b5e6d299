// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../../test/render';
import { createSlot, deleteSlot, saveDealerSettings } from './schedule-api';

const sent = vi.hoisted(() => [] as { type: string; data?: unknown }[]);
vi.mock('@web/lib/realtime-connection', () => ({
  realtime: () => ({ send: (type: string, data?: unknown) => sent.push({ type, data }) }),
}));

const creation = {
  date: '2026-12-01',
  startTime: '9:00 AM',
  endTime: '11:00 AM',
  maxOrders: 2,
  notes: null,
};
const slot = { id: 7, ...creation, currentOrders: 0 };

describe('the schedule calls tell the channel what they changed (spec §7 client messages)', () => {
  it('sends schedule-slot-created, schedule-slot-deleted and dealer-settings-updated after the server agreed', async () => {
    const settings = { id: 1, availableDays: ['monday'], deliveryHours: '[]', deliveryNotes: null };
    stubFetch({ status: 201, body: slot }, { status: 204 }, { status: 200, body: settings });
    await createSlot(creation);
    await deleteSlot(7);
    await saveDealerSettings({ availableDays: ['monday'], deliveryHours: [], deliveryNotes: '' });
    expect(sent).toEqual([
      { type: 'schedule-slot-created', data: slot },
      { type: 'schedule-slot-deleted', data: { id: 7 } },
      { type: 'dealer-settings-updated', data: settings },
    ]);
  });

  it('says nothing when the server refused', async () => {
    sent.length = 0;
    stubFetch({ status: 409, body: { error: 'taken', code: 'SLOT_TAKEN' } });
    await expect(createSlot(creation)).rejects.toThrow();
    expect(sent).toEqual([]);
  });
});
