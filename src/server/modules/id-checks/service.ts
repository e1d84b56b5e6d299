/**
 * ID checks: the driver's at the door and staff's at the pickup
 * counter, one service for both. A scan is a scan only when the server read the barcode; a
 * failed check binds, and only an owner's written leave allows one more; checks of one ID are
 * made one at a time.
 */

import type { Transaction } from 'kysely';
import { taxContextFor } from '../../../shared/compliance/checkout-terms';
import { idOverLimitReason, limitsOn } from '../../../shared/compliance/limits';
import type { OrderStatus } from '../../../shared/constants';
import { parseAamva } from '../../../shared/id-check/aamva';
import {
  type DoorCheck,
  type DoorCheckInput,
  doorCheckOutcome,
  doorCheckSchema,
  type IdCheckMethod,
  type IdCheckOverride,
  type IdType,
} from '../../../shared/id-check/door-check';
import { checkId, type IdDetails } from '../../../shared/id-check/rule';
import { isFinished } from '../../../shared/order-lifecycle';
import { validationErrorBody } from '../../../shared/schemas/http';
import type { Order } from '../../../shared/schemas/orders';
import { shopClock } from '../../../shared/shop-clock';
import type { Db } from '../../db/connect';
import { readJson } from '../../db/json';
import type { Database, OrderRow } from '../../db/schema';
import type { Outcome } from '../../events/bus';
import { HttpError, notFound } from '../../http/errors';
import { type Actor, recordChange } from '../audit/service';
import * as repo from '../orders/repo';
import { orderUpdated } from '../orders/service';
import { getDealerSettings } from '../settings/service';
import { idNumberHash } from './id-number-hash';

export interface IdCheckContext {
  actor: Actor;
  timeZone: string;
  /** keys the ID-number hash; kept out of the database (id-number-hash.ts) */
  secret: string;
  now?: Date;
}

/** What the check reads from the ID: typed by hand, or the server's reading of the barcode. */
interface ReadId extends IdDetails {
  method: IdCheckMethod;
  idType: IdType;
  idNumber: string;
}

/**
 * Checks the ID for an order and keeps the result with it: the outcome, method, time and who
 * checked, and a keyed hash of the ID's number; never the number or the birth date.
 */
export async function recordIdCheck(
  db: Db,
  id: number,
  input: DoorCheckInput,
  context: IdCheckContext,
): Promise<Outcome<Order>> {
  const read = readId(input);
  const now = context.now ?? new Date();
  const idHash = idNumberHash(read.idNumber, context.secret);
  const checker = context.actor.staff;
  if (!checker) throw new Error('recordIdCheck: only a member of staff checks IDs');
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockOrderRow(trx, id, db.dialect);
    if (!row) throw notFound('Order');
    if (isFinished(row.status as OrderStatus))
      throw new HttpError(409, {
        error: `Order #${id} is already ${row.status}.`,
        code: 'ORDER_STATUS_REFUSED',
      });
    const override = pendingOverride(row);
    if (failedBefore(row) && !override)
      throw new HttpError(409, {
        error: `Order #${id} failed its ID check. Only an owner can allow another check, with a written reason.`,
        code: 'ID_CHECK_FAILED_BEFORE',
      });
    await repo.lockKey(trx, db.dialect, `id ${idHash}`);
    const today = shopClock(now, context.timeZone).date;
    const result = checkId(read, { today, customerName: row.customer });
    const overLimit = await idOverLimit(trx, row, idHash, today);
    const check: DoorCheck = {
      method: read.method,
      idType: read.idType,
      ...doorCheckOutcome(result, input.confirmName === true, overLimit),
      driverId: checker.userId,
      at: now.toISOString(),
      ...(override
        ? { override: { byName: override.byName, reason: override.reason, at: override.at } }
        : {}),
    };
    await repo.setIdCheck(trx, id, { json: JSON.stringify(check), idHash });
    if (override)
      await repo.setIdCheckOverride(trx, id, JSON.stringify({ ...override, used: true }));
    const action = check.passed ? 'ID check passed' : 'ID check failed';
    await recordChange(trx, context.actor, { action, entity: 'orders', entityId: id, before: row });
    return orderUpdated(trx, id);
  });
}

/** A scan's fields come from the server reading the barcode; typed fields are "manual". */
function readId(input: DoorCheckInput): ReadId {
  const parsed = doorCheckSchema.parse(input);
  if (parsed.method === 'manual') {
    const { firstName, lastName, dateOfBirth, expiry, idNumber, idType } = parsed;
    return { method: 'manual', idType, firstName, lastName, dateOfBirth, expiry, idNumber };
  }
  const scanned = parseAamva(parsed.barcode);
  if (!scanned.ok) {
    const message = `could not be read: ${scanned.reason}. Scan again, or type what the ID says.`;
    throw new HttpError(400, {
      ...validationErrorBody('Invalid ID check', [{ path: 'barcode', message }]),
      code: 'VALIDATION_FAILED',
    });
  }
  const { firstName, lastName, dateOfBirth, expiry, idNumber } = scanned.id;
  return { method: 'scan', idType: 'licence', firstName, lastName, dateOfBirth, expiry, idNumber };
}

const failedBefore = (row: OrderRow) =>
  readJson<DoorCheck | null>(row.id_check, null)?.passed === false;

/** An owner's leave for one more check that no check has used yet. */
function pendingOverride(row: OrderRow): IdCheckOverride | null {
  const override = readJson<IdCheckOverride | null>(row.id_check_override, null);
  return override && !override.used ? override : null;
}

/**
 * Anti-"looping": the grams of every open order checked with this ID on the
 * order's sale day, this one included, stay within the daily limits of the rule set in force.
 */
async function idOverLimit(
  trx: Transaction<Database>,
  row: OrderRow,
  idHash: string,
  today: string,
): Promise<string | null> {
  const saleDate = row.sale_date ?? today;
  const { ruleSet } = taxContextFor(await getDealerSettings(trx), null, saleDate);
  if (limitsOn(ruleSet, saleDate).length === 0) return null;
  const order = { cannabis: row.cannabis_grams, concentrate: row.concentrate_grams };
  const earlier = await repo.gramsForIdOn(trx, saleDate, idHash, row.id);
  return idOverLimitReason(ruleSet, saleDate, order, earlier);
}

/**
 * An owner lets a failed ID check be made once more, saying why. The leave is
 * kept with the order, shown on its receipt's check line, and recorded in the activity log.
 */
export async function allowIdRecheck(
  db: Db,
  id: number,
  reason: string,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<Order>> {
  const owner = actor.staff;
  if (!owner) throw new Error('allowIdRecheck: only an owner allows a new check');
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockOrderRow(trx, id, db.dialect);
    if (!row) throw notFound('Order');
    const refused = (error: string) =>
      new HttpError(409, { error, code: 'ID_CHECK_OVERRIDE_REFUSED' });
    if (!failedBefore(row)) throw refused(`Order #${id} has no failed ID check to override.`);
    if (pendingOverride(row))
      throw refused(`Order #${id} already has an owner's leave for one more check.`);
    const firstName = (await repo.findStaffName(trx, owner.userId)) ?? owner.username;
    const override: IdCheckOverride = {
      byStaffId: owner.userId,
      byName: firstName,
      reason,
      at: now.toISOString(),
      used: false,
    };
    await repo.setIdCheckOverride(trx, id, JSON.stringify(override));
    await recordChange(trx, actor, {
      action: 'ID re-check allowed',
      entity: 'orders',
      entityId: id,
      before: row,
    });
    return orderUpdated(trx, id);
  });
}
