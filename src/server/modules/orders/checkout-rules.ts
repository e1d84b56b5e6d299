/**
 * The licensed shop's checkout rules at placement (issue 16): the delivery zone an order goes
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
  type DeliveryZone,
  outsideDeliveryAreaMessage,
  postalCodeOf,
} from '../../../shared/compliance/zones';
import type { QuantityLabel } from '../../../shared/constants';
import type { OrderPlacement } from '../../../shared/schemas';
import type { DealerSettings } from '../../../shared/types';
import type { Dialect } from '../../db/connect';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { getDealerSettings, settingsOrDefault } from '../scheduling/service';
import { listDeliveryZones, zoneFromRow } from '../zones/service';
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
  if (dialect === 'sqlite') {
    return { settings: await getDealerSettings(trx), zones: await listDeliveryZones(trx) };
  }
  const [both] = await repo.readSettingsAndZones(trx);
  return {
    settings: settingsOrDefault(both?.settings ?? undefined),
    zones: (both?.zones ?? []).map(zoneFromRow),
  };
}

/**
 * A delivery's address must be its own (the postal code is the address's ZIP) and, where the
 * rule set delivers in one state only, in that state; outside every zone (when there are
 * zones) it is refused.
 */
export function deliveryPlaceFor(
  input: OrderPlacement,
  zones: DeliveryZone[],
  ruleSet: RuleSet,
): DeliveryPlace {
  if (input.orderType !== 'pickup') {
    const problem = addressProblem(input.address, input.postalCode, ruleSet);
    if (problem) {
      throw new HttpError(400, {
        error: 'Validation failed',
        code: 'VALIDATION_FAILED',
        message: `${problem.path === 'address' ? 'Address' : 'Postal code'} ${problem.message}`,
        errors: [{ path: problem.path, message: problem.message }],
        formattedErrors: [`${problem.path}: ${problem.message}`],
      });
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

/** A sale day in the shopper's words: "today", or the scheduled day. */
export const saleDayWords = (saleDate: string, today: string) =>
  saleDate === today ? 'today' : `on ${saleDate}`;

/**
 * Counts the order against the rule set's limits on the day its goods change hands (issue 37
 * §2): the shopper's own orders of that day, and other shoppers' orders under the same phone
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
  // SQLite writes one transaction at a time; PostgreSQL locks the customer, then reads
  const counted =
    dialect === 'postgres'
      ? await repo.dayGramsOfLocked(trx, saleDate, customerKey, who.shopperId)
      : await repo.dayGramsOf(trx, saleDate, customerKey, who.shopperId);
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
