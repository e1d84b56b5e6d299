/**
 * The owner's view of state reporting: per day what is reported, waiting or
 * refused; each entry with Metrc's id or its message; resending a corrected entry; the
 * connection test; and the day's reconciliation against Metrc's own list of receipts.
 */
import type { Kysely } from 'kysely';
import { addDays } from '../../../shared/availability';
import {
  type ConnectionTest,
  type Reconciliation,
  type ReportingDay,
  type ReportingOverview,
  type ResendInput,
  reportingDeadlineOn,
  resendSchema,
} from '../../../shared/metrc';
import { shopClock } from '../../../shared/shop-clock';
import type { MetrcSettings } from '../../config';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { HttpError, notFound, parseInput } from '../../http/errors';
import { type Actor, recordChange } from '../audit/service';
import type { MetrcClient, MetrcDelivery } from './client';
import { type DeliveryReport, reportedTransactions } from './delivery';
import type { SalesReceipt } from './receipt';
import * as repo from './repo';

/** Entries not reported though written longer ago than the deadline in force allows. */
export async function overdueCount(db: Kysely<Database>, now: Date, timeZone: string) {
  const deadline = reportingDeadlineOn(shopClock(now, timeZone).date);
  return repo.unreportedSince(
    db,
    new Date(now.getTime() - deadline.hours * 3_600_000).toISOString(),
  );
}

export async function reportingOverview(
  db: Kysely<Database>,
  settings: MetrcSettings | null,
  now: Date,
  timeZone: string,
): Promise<ReportingOverview> {
  const deadline = reportingDeadlineOn(shopClock(now, timeZone).date);
  const days = await repo.outboxDays(db, 60);
  return {
    configured: settings !== null,
    licenseNumber: settings?.licenseNumber ?? null,
    deadline: { hours: deadline.hours, source: deadline.source },
    overdue: await overdueCount(db, now, timeZone),
    days: days.map((d) => ({
      date: d.sale_date,
      reported: Number(d.reported),
      pending: Number(d.pending),
      failed: Number(d.failed),
    })),
  };
}

export async function reportingDay(db: Kysely<Database>, date: string): Promise<ReportingDay> {
  const rows = await repo.outboxOfDay(db, date);
  return {
    date,
    entries: rows.map((row) => {
      return {
        id: row.id,
        kind: row.kind as ReportingDay['entries'][number]['kind'],
        orderId: row.order_id,
        customer: row.customer,
        externalNumber: row.external_number,
        status: row.status as ReportingDay['entries'][number]['status'],
        attempts: Number(row.attempts),
        metrcId: row.metrc_id === null ? null : Number(row.metrc_id),
        error: row.error,
        createdAt: row.created_at,
        sentAt: row.sent_at,
        transactions: reportedTransactions(row.payload).map((t) => ({
          packageLabel: t.PackageLabel,
          quantity: t.Quantity,
          unitOfMeasure: t.UnitOfMeasure,
          totalAmount: t.TotalAmount,
        })),
      };
    }),
  };
}

/** A refused entry, corrected (a transaction's package tag) and sent again by the worker. */
export async function resendEntry(
  db: Db,
  id: number,
  body: ResendInput,
  actor: Actor,
  now: Date,
): Promise<void> {
  const input = parseInput(resendSchema, body, 'Invalid resend');
  await db.kysely.transaction().execute(async (trx) => {
    const row = await repo.findOutbox(trx, id, db.dialect);
    if (!row) throw notFound('Report');
    if (row.status !== 'failed')
      throw new HttpError(409, {
        error: `Report ${row.external_number} is ${row.status === 'sent' ? 'reported already' : 'still being sent'}: only a refused report is sent again.`,
        code: 'METRC_RESEND_REFUSED',
      });
    const payload = JSON.parse(row.payload) as SalesReceipt | DeliveryReport;
    const transactions =
      'delivery' in payload ? payload.delivery.Transactions : payload.Transactions;
    for (const fix of input.corrections) {
      const transaction = transactions[fix.index];
      if (!transaction)
        throw new HttpError(400, {
          error: 'Invalid resend',
          code: 'VALIDATION_FAILED',
          errors: [
            {
              path: `corrections.${fix.index}.index`,
              message: 'is not a transaction of this report',
            },
          ],
        });
      transaction.PackageLabel = fix.packageLabel;
    }
    // a delivery accepts at the door the packages it carries
    if ('delivery' in payload)
      payload.completion.AcceptedPackages = [...new Set(transactions.map((t) => t.PackageLabel))];
    await repo.requeue(trx, id, JSON.stringify(payload), now.toISOString());
    await recordChange(trx, actor, {
      action: 'sent again',
      entity: 'metrc_outbox',
      entityId: id,
      before: row,
    });
  });
}

/** Calls Metrc's read-only list of the keys' facilities and says what it found. */
export async function testConnection(
  settings: MetrcSettings | null,
  client: MetrcClient | null,
): Promise<ConnectionTest> {
  if (!settings || !client)
    return {
      ok: false,
      message:
        'Metrc is not configured: set METRC_API_BASE, METRC_VENDOR_KEY, METRC_USER_KEY and METRC_LICENSE_NUMBER.',
    };
  try {
    const facilities = await client.facilities();
    const ours = facilities.find((f) => f.License?.Number === settings.licenseNumber);
    if (!ours)
      return {
        ok: false,
        message: `Metrc accepted the keys, but licence ${settings.licenseNumber} is not among their ${facilities.length} facilities.`,
      };
    return {
      ok: true,
      message: `Connected to Metrc: licence ${settings.licenseNumber} is ${ours.DisplayName ?? ours.Name ?? 'a facility'}${ours.License?.LicenseType ? ` (${ours.License.LicenseType})` : ''}.`,
    };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error ? error.message : 'Metrc was not reached.',
    };
  }
}

/**
 * The day's sales as the shop has them against Metrc's own lists for that day, between the
 * day's start and the next day's (shop-local): receipts (GET /sales/v2/receipts/active) by
 * their receipt number, deliveries (GET /sales/v2/deliveries/active and /inactive) by the id
 * Metrc gave them, since Metrc keeps no number of ours on a delivery.
 */
export async function reconcileDay(
  db: Kysely<Database>,
  client: MetrcClient,
  date: string,
): Promise<Reconciliation> {
  const all = await repo.outboxOfDay(db, date);
  const rows = all.filter((r) => r.kind === 'sale' || r.kind === 'delivery');
  // after a return Metrc holds the sale as the latest return left it
  const latest = new Map(all.map((r) => [r.order_id, r.payload]));
  const start = `${date}T00:00:00`;
  const end = `${addDays(date, 1)}T00:00:00`;
  const receipts = await client.activeReceipts(start, end);
  const deliveries = await client.deliveries(start, end);
  const byNumber = new Map(receipts.map((r) => [r.ExternalReceiptNumber ?? '', r]));
  const byId = new Map(deliveries.map((d) => [d.Id, d]));
  const differences: Reconciliation['differences'] = [];
  for (const row of rows) {
    const delivery = row.kind === 'delivery';
    const found = delivery
      ? row.metrc_id === null
        ? undefined
        : byId.get(row.metrc_id)
      : byNumber.get(row.external_number);
    if (delivery && row.metrc_id !== null) byId.delete(row.metrc_id);
    else byNumber.delete(row.external_number);
    const what = delivery
      ? `delivery ${row.metrc_id ?? ''}`.trim()
      : `receipt ${row.external_number}`;
    if (!found) {
      differences.push({
        externalNumber: row.external_number,
        metrcId: row.metrc_id,
        problem:
          row.status === 'sent'
            ? `Order #${row.order_id} is marked reported, but Metrc lists no ${what} that day.`
            : `Order #${row.order_id} is not in Metrc yet (${row.status}).`,
      });
      continue;
    }
    const ourPackages = summary(reportedTransactions(latest.get(row.order_id) ?? row.payload));
    const theirPackages = summary(found.Transactions ?? []);
    if (found.Transactions?.length && ourPackages !== theirPackages)
      differences.push({
        externalNumber: row.external_number,
        metrcId: found.Id,
        problem: `Order #${row.order_id}: the shop has ${ourPackages}; Metrc has ${theirPackages}.`,
      });
    if (delivery && !(found as MetrcDelivery).CompletedDateTime && row.status === 'sent')
      differences.push({
        externalNumber: row.external_number,
        metrcId: found.Id,
        problem: `Order #${row.order_id}: Metrc has delivery ${found.Id} still under way, not completed.`,
      });
  }
  for (const other of byNumber.values())
    differences.push({
      externalNumber: other.ExternalReceiptNumber,
      metrcId: other.Id,
      problem: `Metrc lists receipt ${other.Id}${other.ExternalReceiptNumber ? ` (${other.ExternalReceiptNumber})` : ''} the shop did not send: a sale recorded in Metrc by hand?`,
    });
  for (const other of byId.values())
    differences.push({
      externalNumber: null,
      metrcId: other.Id,
      problem: `Metrc lists delivery ${other.Id} the shop did not send: a delivery recorded in Metrc by hand?`,
    });
  return {
    date,
    ours: rows.length,
    theirs: receipts.length + deliveries.length,
    differences,
  };
}

function summary(transactions: { PackageLabel: string; Quantity: number }[]): string {
  return (
    transactions
      .map((t) => `${t.Quantity} from ${t.PackageLabel}`)
      .sort()
      .join(', ') || 'no packages'
  );
}
