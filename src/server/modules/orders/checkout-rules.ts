/**
 * The licensed shop's checkout rules at placement: the delivery zone an order goes
 * to and the daily purchase limits, read from the shared rule-set data and engines.
 */
import type { Transaction } from 'kysely';
import { zoneLookupFor } from '../../../shared/compliance/checkout-terms';
import {
  addGrams,
  BULK_OVER_LIMITS_MESSAGE,
  cartGrams,
  customerKeyOf,
  type GramsByKind,
  type LimitedProduct,
  limitExceededMessage,
  limitsOn,
  purchaseLimitStatus,
  sharedPhoneOverLimitMessage,
} from '../../../shared/compliance/limits';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import {
  addressProblem,
  type DeliveryTerms,
  outsideDeliveryAreaMessage,
  postalCodeOf,
} from '../../../shared/compliance/zones';
import type { QuantityLabel } from '../../../shared/constants';
import {
  type OrderLimits,
  PENDING_PER_DAY_MESSAGE,
  SCHEDULED_PER_PHONE_MESSAGE,
} from '../../../shared/order-limits';
import type { OrderPlacement } from '../../../shared/schemas/orders';
import type { DealerSettings } from '../../../shared/schemas/settings';
import type { DeliveryZone } from '../../../shared/schemas/zones';
import type { Dialect } from '../../db/connect';
import { locksRows } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { fieldError, HttpError } from '../../http/errors';
import { getDealerSettings, settingsOrDefault } from '../settings/service';
import { zoneFromRow } from '../zones/service';
import * as repo from './repo';

type Trx = Transaction<Database>;

export interface DeliveryPlace {
  postalCode: string | null;
  zone: DeliveryZone | null;
  terms: DeliveryTerms;
}

/**
 * The dealer's settings, and the delivery zones a delivery is placed in (none for a pickup).
 * On PostgreSQL a delivery reads both in one round trip.
 */
export async function checkoutTermsFor(
  trx: Trx,
  dialect: Dialect,
  input: OrderPlacement,
): Promise<{ settings: DealerSettings; zones: DeliveryZone[] }> {
  if (input.orderType === 'pickup') return { settings: await getDealerSettings(trx), zones: [] };
  const rows = await repo.findSettingsAndZoneRows(trx, dialect);
  return { settings: settingsOrDefault(rows.settings), zones: rows.zones.map(zoneFromRow) };
}

/**
 * A delivery's address must be its own (the postal code is the address's ZIP) and, where the
 * rule set delivers in one state only, in that state; outside every zone (when there are
 * zones) it is refused.
 */
export function deliveryPlaceFor(
  input: OrderPlacement,
  zones: readonly DeliveryZone[],
  ruleSet: RuleSet,
): DeliveryPlace {
  if (input.orderType !== 'pickup') {
    const problem = addressProblem(input.address, input.postalCode, ruleSet);
    if (problem) {
      throw fieldError(
        problem.path,
        problem.message,
        `${problem.path === 'address' ? 'Address' : 'Postal code'} ${problem.message}`,
      );
    }
  }
  const postalCode = postalCodeOf(input.address, input.postalCode);
  const lookup = zoneLookupFor(input.orderType, zones, postalCode);
  if (lookup.kind === 'outside') {
    throw new HttpError(409, {
      error: outsideDeliveryAreaMessage(lookup.postalCode),
      code: 'OUTSIDE_DELIVERY_AREA',
      postalCode: lookup.postalCode,
    });
  }
  return {
    postalCode,
    zone: lookup.kind === 'inside' ? lookup.zone : null,
    terms: lookup.terms,
  };
}

export interface LimitedLine {
  product: LimitedProduct;
  quantity: QuantityLabel;
  count: number;
}

export interface CountedCustomer {
  customerKey: string | null;
  /** what this order counts toward the limits, stored with it */
  grams: GramsByKind;
}

/**
 * Scheduled orders cost a place in the calendar for days, so one shopper cookie and
 * one phone keep at most `maxOpenScheduledPerPhone` open, and the shop at most
 * `maxPendingScheduledPerDay` waiting for acceptance on any one delivery day. PostgreSQL
 * counts each under its advisory lock (taken in this order: shopper, phone, day).
 */
export async function checkScheduledCaps(
  trx: Trx,
  dialect: Dialect,
  who: { shopperId: string; customerKey: string | null; phone: string },
  deliveryDate: string | null,
  limits: Pick<OrderLimits, 'maxOpenScheduledPerPhone' | 'maxPendingScheduledPerDay'>,
): Promise<void> {
  const max = limits.maxOpenScheduledPerPhone;
  await repo.lockShopper(trx, dialect, who.shopperId);
  if ((await repo.countOpenScheduledOrders(trx, { shopperId: who.shopperId })) >= max) {
    const message = `You already have ${max} scheduled ${max === 1 ? 'order' : 'orders'} open. Please wait until one is delivered, or call us, before scheduling another.`;
    throw new HttpError(409, {
      error: 'Too many scheduled orders',
      code: 'SCHEDULED_ORDER_CAP',
      message,
      limit: max,
    });
  }
  await repo.lockKey(trx, dialect, `phone ${who.customerKey ?? who.phone}`);
  const customer = { customerKey: who.customerKey, phone: who.phone };
  if ((await repo.countOpenScheduledOrders(trx, customer)) >= max) {
    throw new HttpError(409, {
      error: 'Too many scheduled orders',
      code: 'SCHEDULED_ORDER_CAP',
      message: SCHEDULED_PER_PHONE_MESSAGE(max),
      limit: max,
    });
  }
  if (!deliveryDate) return;
  await repo.lockKey(trx, dialect, `pending scheduled ${deliveryDate}`);
  if ((await repo.countPendingScheduledOn(trx, deliveryDate)) >= limits.maxPendingScheduledPerDay) {
    throw new HttpError(409, {
      error: 'Delivery day full',
      code: 'SCHEDULED_DAY_FULL',
      message: PENDING_PER_DAY_MESSAGE(deliveryDate),
    });
  }
}

/** A sale day in the shopper's words: "today", or the scheduled day. */
export const saleDayWords = (saleDate: string, today: string) =>
  saleDate === today ? 'today' : `on ${saleDate}`;

/**
 * PostgreSQL: the customer's day that `checkPurchaseLimits` will count, where the rule set has
 * limits on the sale day, so that the checkout reads it with the products in one round trip
 * (a licensed checkout's extra round trip cost the server 0.4 ms of CPU per order). SQLite runs
 * in the process, where a statement costs no round trip: null there.
 */
export function dayToCount(
  dialect: Dialect,
  ruleSet: RuleSet,
  saleDate: string,
  who: { phone: string; shopperId: string },
): repo.CountedDay | null {
  if (!locksRows(dialect) || limitsOn(ruleSet, saleDate).length === 0) return null;
  return { saleDate, customerKey: customerKeyOf(who.phone), shopperId: who.shopperId };
}

/**
 * Counts the order against the rule set's limits on the day its goods change hands:
 * the shopper's own orders of that day, and other shoppers' orders under the same phone
 * once staff accepted them. Over the limit on its own orders, the shopper is told what is left;
 * over only with the others', the refusal says nothing of what that phone bought.
 */
export async function checkPurchaseLimits(
  trx: Trx,
  dialect: Dialect,
  ruleSet: RuleSet,
  day: { saleDate: string; today: string },
  who: { phone: string; shopperId: string },
  lines: readonly LimitedLine[],
  /** the day as read earlier in this transaction, under its locks (`dayToCount`) */
  read: repo.DayGrams | null = null,
): Promise<CountedCustomer> {
  const customerKey = customerKeyOf(who.phone);
  const cart = cartGrams(lines);
  const { saleDate } = day;
  if (limitsOn(ruleSet, saleDate).length === 0) return { customerKey, grams: cart.grams };
  if (cart.limitedBulk) {
    throw new HttpError(409, {
      error: BULK_OVER_LIMITS_MESSAGE,
      code: 'BULK_OVER_LIMITS',
      message: BULK_OVER_LIMITS_MESSAGE,
    });
  }
  const counted =
    read ??
    (await repo.dayGramsCountedOneAtATime(trx, dialect, saleDate, customerKey, who.shopperId));
  const over = (earlier: GramsByKind) =>
    purchaseLimitStatus(ruleSet, saleDate, cart.grams, earlier).find((status) => status.over);
  const ownOver = over(counted.own);
  if (ownOver) {
    const message = limitExceededMessage(ownOver, saleDayWords(saleDate, day.today));
    throw new HttpError(409, {
      error: message,
      code: 'PURCHASE_LIMIT',
      message,
      kind: ownOver.kind,
      limit: ownOver.limitGrams,
      requested: ownOver.cartGrams,
      remaining: Math.max(0, ownOver.limitGrams - ownOver.earlierGrams),
    });
  }
  if (over(addGrams(counted.own, counted.others))) {
    const message = sharedPhoneOverLimitMessage(saleDayWords(saleDate, day.today));
    throw new HttpError(409, { error: message, code: 'PURCHASE_LIMIT', message });
  }
  return { customerKey, grams: cart.grams };
}
