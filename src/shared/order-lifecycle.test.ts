import { describe, expect, it } from 'vitest';
import {
  inStopOrder,
  isFinished,
  preparerAfter,
  progressIndex,
  statusChangeProblem,
  statusesFor,
  statusLabel,
} from './order-lifecycle';

describe('the order lifecycle', () => {
  it('gives deliveries and pickups their own steps, then returned (deliveries) and cancelled', () => {
    expect(statusesFor('delivery')).toEqual([
      'pending',
      'accepted',
      'packed',
      'on the way',
      'completed',
      'returned',
      'cancelled',
    ]);
    expect(statusesFor('scheduled')).toEqual(statusesFor('delivery'));
    // the spec's four statuses stay open to every order (spec §2.10)
    expect(statusesFor('pickup')).toEqual([
      'pending',
      'accepted',
      'ready',
      'on the way',
      'completed',
      'cancelled',
    ]);
    expect(progressIndex('on the way', 'pickup')).toBe(2);
    expect(progressIndex('on the way', 'delivery')).toBe(3);
    expect(progressIndex('returned', 'delivery')).toBe(-1);
  });

  it('names the spec statuses in words for the shopper and the driver', () => {
    expect(statusLabel('pending', 'delivery')).toBe('Placed');
    expect(statusLabel('on the way', 'delivery')).toBe('Out for delivery');
    expect(statusLabel('completed', 'delivery')).toBe('Delivered');
    expect(statusLabel('completed', 'pickup')).toBe('Picked up');
    expect(statusLabel('ready', 'pickup')).toBe('Ready for pickup');
  });

  it('lets staff correct a status back and forth, but a closed order stays closed', () => {
    const order = { id: 7, orderType: 'delivery' as const };
    expect(statusChangeProblem({ ...order, status: 'completed' }, 'accepted')).toBeNull();
    expect(statusChangeProblem({ ...order, status: 'returned' }, 'returned')).toBeNull();
    expect(statusChangeProblem({ ...order, status: 'cancelled' }, 'pending')?.message).toBe(
      'Order #7 was cancelled; its stock is back on the shelf, so its status cannot change.',
    );
    expect(statusChangeProblem({ ...order, status: 'pending' }, 'ready')?.message).toBe(
      'A delivery order cannot be ready for pickup.',
    );
    expect(
      statusChangeProblem({ id: 8, orderType: 'pickup', status: 'accepted' }, 'returned')?.message,
    ).toBe('A pickup order cannot be returned.');
  });

  it('where sales are records, a handed-over order is final; before handover it may still move', () => {
    const delivered = { id: 9, orderType: 'delivery' as const, status: 'completed' as const };
    for (const next of ['cancelled', 'returned', 'on the way', 'pending'] as const) {
      expect(statusChangeProblem(delivered, next, true)).toEqual({
        code: 'ORDER_IS_A_RECORD',
        message:
          'Order #9 was delivered: a sale is a record and cannot change. Record a return instead.',
      });
    }
    expect(
      statusChangeProblem({ id: 10, orderType: 'pickup', status: 'completed' }, 'ready', true)
        ?.message,
    ).toBe(
      'Order #10 was picked up: a sale is a record and cannot change. Record a return instead.',
    );
    expect(
      statusChangeProblem({ ...delivered, status: 'on the way' }, 'accepted', true),
    ).toBeNull();
    expect(statusChangeProblem(delivered, 'accepted', false)).toBeNull();
  });

  it('counts delivered, picked-up, returned and cancelled orders as finished', () => {
    expect(['completed', 'returned', 'cancelled'].every((s) => isFinished(s as never))).toBe(true);
    expect(isFinished('on the way')).toBe(false);
  });

  it('puts same-day stops first, then scheduled ones by date and window start', () => {
    const stop = (id: number, deliveryDate: string | null, deliveryTimeWindow: string | null) => ({
      id,
      deliveryDate,
      deliveryTimeWindow,
    });
    const stops = inStopOrder([
      stop(1, '2026-11-27', '9:00 AM - 11:00 AM'),
      stop(2, '2026-11-26', '1:00 PM - 3:00 PM'),
      stop(3, null, null),
      stop(4, '2026-11-26', '11:00 AM - 1:00 PM'),
      stop(5, null, null),
    ]);
    expect(stops.map((s) => s.id)).toEqual([3, 5, 4, 2, 1]);
  });

  it('names who packed the order (or made a pickup ready) as its preparer, else who completed it at the shop', () => {
    const pat = { staffId: 7, role: 'dispatcher' } as const;
    const alex = { staffId: 9, role: 'driver' } as const;
    const owner = { staffId: 1, role: 'owner' } as const;
    const accepted = { status: 'accepted' as const, preparedBy: null };
    expect(preparerAfter(accepted, 'packed', pat)).toBe(7);
    expect(preparerAfter(accepted, 'ready', pat)).toBe(7);
    // packed again by someone else after a correction: the last packer prepared it
    expect(preparerAfter({ status: 'accepted', preparedBy: 7 }, 'packed', owner)).toBe(1);
    expect(preparerAfter({ status: 'packed', preparedBy: 7 }, 'packed', owner)).toBe(7);
    expect(preparerAfter({ status: 'on the way', preparedBy: 7 }, 'completed', owner)).toBe(7);
    expect(preparerAfter(accepted, 'completed', owner)).toBe(1);
    // the driver handing it over did not prepare it
    expect(preparerAfter({ status: 'on the way', preparedBy: null }, 'completed', alex)).toBeNull();
    expect(preparerAfter(accepted, 'on the way', pat)).toBeNull();
    expect(preparerAfter(accepted, 'packed', null)).toBeNull();
  });
});
