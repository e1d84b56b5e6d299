/**
 * The outbox's drainer (decision 018). Each instance runs one; on PostgreSQL each
 * claim takes different entries (`for update skip locked`), on SQLite one process drains.
 * Exactly once: a claimed entry is "sending" under a lease; an entry tried before (a crash
 * between send and answer, a time-out) is first looked up at Metrc by its external receipt
 * number, and only sent when Metrc does not have it.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { type MetrcClient, MetrcRefused, MetrcUnavailable } from './client';
import type { DeliveryReport, SalesDelivery } from './delivery';
import type { SalesReceipt } from './receipt';
import * as repo from './repo';

export interface DrainOptions {
  now?: Date;
  /** how long a claim is held before another worker may take the entry again */
  leaseMs?: number;
  batch?: number;
  /** the first retry's wait; each next one doubles, up to maxBackoffMs, with jitter */
  backoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
  /** tests: runs after Metrc answered and before the answer is stored (a crash there) */
  afterSend?: (entryId: number) => void | Promise<void>;
}

/** Exponential backoff with "equal jitter": half the wait fixed, half random. */
export function backoffMs(attempt: number, base: number, max: number, random = Math.random) {
  const wait = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(wait / 2 + (wait / 2) * random());
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Claims the due entries and sends them, one after the other, in the order they were written. */
export async function drainOnce(
  db: Db,
  client: MetrcClient,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const now = options.now ?? new Date();
  const {
    leaseMs = 60_000,
    batch = 20,
    backoffMs: base = 5_000,
    maxBackoffMs = 15 * 60_000,
    random = Math.random,
  } = options;
  const claimed = await repo.claimDue(
    db.kysely,
    db.dialect,
    now.toISOString(),
    new Date(now.getTime() + leaseMs).toISOString(),
    batch,
  );
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  for (const entry of claimed) {
    const retryAt = (ms: number) => new Date(Date.now() + ms).toISOString();
    let metrcId: number | null | 'wait';
    try {
      metrcId = await send(db, client, entry);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof MetrcRefused) {
        await repo.markFailed(db.kysely, entry.id, message);
        result.failed++;
      } else {
        const wait = backoffMs(entry.attempts, base, maxBackoffMs, random);
        await repo.markRetry(db.kysely, entry.id, retryAt(wait), message);
        result.retried++;
      }
      continue;
    }
    if (metrcId === 'wait') {
      const note = 'Waits for the sale to be reported first.';
      await repo.markRetry(db.kysely, entry.id, retryAt(base), note);
      result.retried++;
      continue;
    }
    // a crash here leaves the entry "sending": once its lease ends it is looked up, not resent
    await options.afterSend?.(entry.id);
    await repo.markSent(db.kysely, entry.id, metrcId, new Date().toISOString());
    result.sent++;
  }
  return result;
}

async function send(
  db: Db,
  client: MetrcClient,
  entry: repo.ClaimedRow,
): Promise<number | null | 'wait'> {
  if (entry.kind === 'return') {
    // the sale as it stands after the return replaces Metrc's copy (a PUT sets the same state
    // however often it is repeated): a receipt's, or a delivery's
    const sale = await repo.reportedSale(db.kysely, entry.order_id);
    if (sale === null) return 'wait';
    const corrected = { ...JSON.parse(entry.payload), Id: sale.metrcId };
    if (sale.kind === 'delivery') await client.putDeliveries([corrected as SalesDelivery]);
    else await client.putReceipts([corrected as SalesReceipt]);
    return sale.metrcId;
  }
  if (entry.kind === 'delivery') return sendDelivery(db, client, entry);
  const receipt = JSON.parse(entry.payload) as SalesReceipt;
  if (entry.attempts > 1) {
    const found = await client.receiptsByExternalNumber(entry.external_number);
    const same = found.find((r) => r.ExternalReceiptNumber === entry.external_number);
    if (same) return same.Id;
  }
  const ids = await client.postReceipts([receipt]);
  if (ids[0] !== undefined) return ids[0];
  const found = await client.receiptsByExternalNumber(entry.external_number);
  return found.find((r) => r.ExternalReceiptNumber === entry.external_number)?.Id ?? null;
}

/**
 * A delivery is recorded (POST), its id kept on the entry at once, then completed at the
 * handover's time with its packages accepted (PUT …/complete). Metrc keeps no number of ours
 * on a delivery, so an entry tried before without an id is first looked for among the
 * deliveries of its sale time: the same time, street and packages.
 */
async function sendDelivery(db: Db, client: MetrcClient, entry: repo.ClaimedRow) {
  const report = JSON.parse(entry.payload) as DeliveryReport;
  let id = entry.metrc_id;
  let completed = false;
  if (id === null && entry.attempts > 1) {
    const found = await findDelivery(client, report.delivery);
    id = found?.Id ?? null;
    completed = !!found?.CompletedDateTime;
  } else if (id !== null) {
    completed = !!(await client.delivery(id))?.CompletedDateTime;
  }
  if (id === null) {
    id = (await client.postDeliveries([report.delivery]))[0] ?? null;
    id ??= (await findDelivery(client, report.delivery))?.Id ?? null;
    if (id === null) throw new MetrcUnavailable('Metrc recorded the delivery but gave no id.');
  }
  await repo.setMetrcId(db.kysely, entry.id, id);
  if (!completed) await client.completeDeliveries([{ Id: id, ...report.completion }]);
  return id;
}

const packagesOf = (transactions: { PackageLabel: string; Quantity: number }[]) =>
  transactions
    .map((t) => `${t.PackageLabel}:${t.Quantity}`)
    .sort()
    .join(',');

async function findDelivery(client: MetrcClient, delivery: SalesDelivery) {
  const second = delivery.SalesDateTime.slice(0, 19);
  const next = new Date(`${second}Z`);
  next.setUTCSeconds(next.getUTCSeconds() + 1);
  const listed = await client.deliveries(`${second}.000`, `${next.toISOString().slice(0, 19)}.000`);
  return listed.find(
    (d) =>
      d.SalesDateTime.slice(0, 19) === second &&
      d.RecipientAddressStreet1 === delivery.RecipientAddressStreet1 &&
      packagesOf(d.Transactions ?? []) === packagesOf(delivery.Transactions),
  );
}

/** Drains every `everyMs` until the app closes; one drain at a time on this instance. */
export function startMetrcWorker(
  app: FastifyInstance,
  client: MetrcClient,
  everyMs = 2_000,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = drainOnce(app.db, client)
      .catch((error) => app.log.warn({ err: error }, 'sending the Metrc outbox failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
