/**
 * The one gate to "handed over": every path that delivers an order or hands a
 * pickup over (the dashboard, the driver's stop, the API) passes these door rules inside the
 * transaction that writes the handover.
 */
import type { Transaction } from 'kysely';
import { hoursLabel, isWithinHours } from '../../../shared/compliance/hours';
import {
  formatGrams,
  type GramsByKind,
  limitsOn,
  purchaseLimitStatus,
} from '../../../shared/compliance/limits';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import type { OrderType } from '../../../shared/constants';
import type { DoorCheck } from '../../../shared/id-check/door-check';
import { isPickup } from '../../../shared/order-lifecycle';
import { shopClock } from '../../../shared/shop-clock';
import type { Dialect } from '../../db/connect';
import { readJson } from '../../db/json';
import type { Database, OrderRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import * as repo from './repo';
import { type Repriced, repricedOnHandover } from './tax-context';

export interface HandoverContext {
  timeZone: string;
  now: Date;
  /** a signature was sent with the change, and whether it holds a drawn mark */
  signature: { given: boolean; drawn: boolean };
}

/**
 * Refuses the handover unless the door rules hold; answers the shop day it happens on (the
 * sale day the limits count). ID check (and a signature for a delivery), the legal hours, and
 * the daily limits of everything handed over that day to this customer or this ID. Answers the
 * order taxed again when the excise rate of that day differs from the one it was placed with.
 */
export async function checkHandover(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: OrderRow,
  ruleSet: RuleSet,
  context: HandoverContext,
): Promise<{ saleDate: string; repriced: Repriced | null }> {
  const orderType = row.order_type as OrderType;
  checkIdAndSignature(row, orderType, context.signature);
  const clock = shopClock(context.now, context.timeZone);
  if (ruleSet.hours && !isWithinHours(clock.minutes, ruleSet.hours)) {
    const error = `Order #${row.id} can't be handed over now: handovers are allowed only from ${hoursLabel(ruleSet.hours)}.`;
    throw new HttpError(409, { error, code: 'OUTSIDE_HOURS' });
  }
  await checkHandoverLimits(trx, dialect, row, ruleSet, clock.date);
  return { saleDate: clock.date, repriced: repricedOnHandover(row, ruleSet, clock.date) };
}

function checkIdAndSignature(
  row: OrderRow,
  orderType: OrderType,
  signature: HandoverContext['signature'],
) {
  const check = readJson<DoorCheck | null>(row.id_check, null);
  if (!check?.passed) {
    const where = isPickup(orderType) ? ' at the counter' : '';
    throw new HttpError(409, {
      error: `Check the customer's ID${where} before handing over order #${row.id}.`,
      code: 'ID_CHECK_REQUIRED',
    });
  }
  if (isPickup(orderType)) return;
  if (!signature.given)
    throw new HttpError(409, {
      error: `Ask ${row.customer} to sign before handing over order #${row.id}.`,
      code: 'SIGNATURE_REQUIRED',
    });
  if (!signature.drawn)
    throw new HttpError(409, {
      error: `The signature for order #${row.id} is blank: ask ${row.customer} to sign in the box.`,
      code: 'SIGNATURE_REQUIRED',
    });
}

/**
 * The limits count the day the goods change hands. Everything handed over that
 * day to this customer (phone or shopper cookie) or this ID, plus this order, stays within
 * them. On PostgreSQL the customer and the ID are locked first, so two handovers to one person
 * are counted one after the other.
 */
async function checkHandoverLimits(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: OrderRow,
  ruleSet: RuleSet,
  saleDate: string,
) {
  if (limitsOn(ruleSet, saleDate).length === 0) return;
  if (row.customer_key) await repo.lockKey(trx, dialect, `customer ${row.customer_key}`);
  if (row.id_hash) await repo.lockKey(trx, dialect, `id ${row.id_hash}`);
  const earlier = await repo.gramsHandedOverOn(
    trx,
    saleDate,
    { customerKey: row.customer_key, shopperId: row.shopper_id, idHash: row.id_hash },
    row.id,
  );
  const order: GramsByKind = { cannabis: row.cannabis_grams, concentrate: row.concentrate_grams };
  const over = purchaseLimitStatus(ruleSet, saleDate, order, earlier).find((s) => s.over);
  if (!over) return;
  const left = Math.max(0, over.limitGrams - over.earlierGrams);
  const error = `Order #${row.id} can't be handed over: with it this customer would pass today's limit of ${formatGrams(over.limitGrams)} of ${over.label}. ${formatGrams(over.earlierGrams)} was handed over to them today; ${formatGrams(left)} is left.`;
  throw new HttpError(409, {
    error,
    code: 'PURCHASE_LIMIT',
    message: error,
    kind: over.kind,
    limit: over.limitGrams,
    requested: over.cartGrams,
    remaining: left,
  });
}
