/**
 * A placed order nobody at the shop accepted in time is cancelled by the shop
 * itself, so an unpaid order cannot hold stock and a delivery place for ever. The deadline
 * is the shared rule (acceptDeadline); the cancel is the one status change of service.ts
 * (stock back on the shelf, slot place freed, audited, announced on /ws).
 */
import type { FastifyInstance } from 'fastify';
import type { OrderType } from '../../../shared/constants';
import { acceptDeadline } from '../../../shared/order-limits';
import type { Db } from '../../db/connect';
import type { DomainEvent, Outcome } from '../../events/bus';
import { publish } from '../../events/publish';
import { getDealerSettings } from '../settings/service';
import * as repo from './repo';
import { expireOrder } from './service';

/** How often each instance looks for orders past their deadline. */
export const EXPIRY_SWEEP_EVERY_MS = 60_000;

export interface ExpirySweep {
  /** the orders this sweep cancelled */
  expired: number[];
  /** orders whose cancel failed (tried again on the next sweep) */
  failed: number;
}

/**
 * Cancels every pending order past its deadline at `now`. Each order is cancelled in its own
 * transaction, and only while still pending: an order staff accept meanwhile is left alone,
 * and two instances sweeping at once cancel each order once.
 */
export async function expireUnacceptedOrders(
  db: Db,
  clock: { now: Date; timeZone: string },
): Promise<Outcome<ExpirySweep>> {
  const settings = await getDealerSettings(db.kysely);
  const pending = await repo.findPendingOrders(db.kysely);
  const due = pending.filter((row) => {
    const order = {
      orderType: row.order_type as OrderType,
      createdAt: row.created_at,
      deliveryDate: row.delivery_date,
      deliveryTimeWindow: row.delivery_time_window,
    };
    return acceptDeadline(order, settings, clock.timeZone).getTime() <= clock.now.getTime();
  });
  const sweep: ExpirySweep = { expired: [], failed: 0 };
  const events: DomainEvent[] = [];
  for (const row of due) {
    try {
      const outcome = await expireOrder(db, row.id, clock);
      if (!outcome) continue;
      sweep.expired.push(row.id);
      events.push(...outcome.events);
    } catch {
      sweep.failed += 1;
    }
  }
  return { value: sweep, events };
}

/** Runs the sweep on the app's clock every `everyMs`; answers the hook that stops it. */
export function startOrderExpiry(app: FastifyInstance, everyMs = EXPIRY_SWEEP_EVERY_MS) {
  let running: Promise<void> | null = null;
  const sweep = async () => {
    const outcome = await expireUnacceptedOrders(app.db, {
      now: app.clock(),
      timeZone: app.config.SHOP_TIMEZONE,
    });
    publish(app, outcome.events);
    const { expired, failed } = outcome.value;
    if (expired.length > 0) app.log.info({ orders: expired }, 'unaccepted orders expired');
    if (failed > 0) app.log.warn({ failed }, 'some unaccepted orders could not be expired');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((error) => app.log.warn({ err: error }, 'order expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
