/**
 * Returns after handover and the destruction of returned goods. A handed-over
 * sale stays as it was: the return is its own record, its grams still count toward that day's
 * limits, and the goods go to the product's "to destroy" count, never back on sale.
 */
import type { Kysely } from 'kysely';
import { BULK, type OrderStatus, type QuantityLabel } from '../../../shared/constants';
import { isHandedOver } from '../../../shared/order-lifecycle';
import { isSoldByWeight, stockNeeded } from '../../../shared/quantity';
import type { DestructionInput, OrderReturnInput, ToDestroy } from '../../../shared/returns';
import type { Order } from '../../../shared/schemas/orders';
import type { Db } from '../../db/connect';
import { readJson } from '../../db/json';
import type { Database, OrderItemRow } from '../../db/schema';
import type { Outcome } from '../../events/bus';
import { fieldError, HttpError, notFound } from '../../http/errors';
import { type Actor, recordChange } from '../audit/service';
import { recordReturnForReport } from '../metrc/service';
import type { ReturnedItem } from '../orders/order-mapper';
import * as orders from '../orders/repo';
import { orderUpdated } from '../orders/service';
import * as repo from './repo';

const refused = (error: string) => new HttpError(409, { error, code: 'RETURN_REFUSED' });

/** Records a return of some of a handed-over order's lines, for a reason. */
export async function recordReturn(
  db: Db,
  orderId: number,
  input: OrderReturnInput,
  actor: Actor,
  now = new Date(),
  options: { trackAndTrace?: boolean } = {},
): Promise<Outcome<Order>> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await orders.lockOrderRow(trx, orderId, db.dialect);
    if (!row) throw notFound('Order');
    if (!isHandedOver(row.status as OrderStatus))
      throw refused(`Order #${orderId} was not handed over: cancel it instead.`);
    const lines = await orders.findOrderItemRows(trx, orderId);
    const returned = returnedCounts(await repo.findReturnRows(trx, orderId));
    const items = input.items.map((item, index) =>
      returnedItem(lines, returned, item, `items.${index}.lineId`),
    );
    const inserted = await repo.insertReturnRow(trx, {
      order_id: orderId,
      reason: input.reason,
      items: JSON.stringify(items),
      staff_id: actor.staff?.userId ?? null,
      created_at: now.toISOString(),
    });
    if (options.trackAndTrace)
      await recordReturnForReport(
        trx,
        row,
        inserted.id,
        await repo.findReturnRows(trx, orderId),
        now,
      );
    for (const item of items)
      if (item.stock > 0) await repo.changeToDestroy(trx, item.productId, '+', item.stock);
    await recordChange(trx, actor, {
      action: 'returned',
      entity: 'orders',
      entityId: orderId,
      before: row,
      noted: {
        returned: {
          from: null,
          to: `${items.map((i) => `${i.count} × ${i.name} (${i.quantity})`).join(', ')}: ${input.reason}`,
        },
      },
    });
    return orderUpdated(trx, orderId);
  });
}

/** How many of each line earlier returns took back. */
function returnedCounts(rows: { items: string }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of rows)
    for (const item of readJson<ReturnedItem[]>(row.items, []))
      counts.set(item.lineId, (counts.get(item.lineId) ?? 0) + item.count);
  return counts;
}

function returnedItem(
  lines: OrderItemRow[],
  returned: Map<number, number>,
  wanted: { lineId: number; count: number },
  path: string,
): ReturnedItem {
  const line = lines.find((l) => l.id === wanted.lineId);
  if (!line) throw fieldError(path, 'is not a line of this order');
  const left = line.count - (returned.get(line.id) ?? 0);
  if (wanted.count > left)
    throw refused(
      left === 0
        ? `${line.name} (${line.quantity}) was returned already.`
        : `Only ${left} of ${line.name} (${line.quantity}) can still be returned.`,
    );
  const quantity = line.quantity as QuantityLabel;
  return {
    lineId: line.id,
    productId: line.product_id,
    name: line.name,
    quantity,
    count: wanted.count,
    stock: quantity === BULK ? 0 : stockNeeded(quantity, wanted.count),
    unitPriceCents: line.unit_price_cents,
  };
}

/** Destroys returned goods of a product, with a witness; never more than wait to be destroyed. */
export async function recordDestruction(
  db: Db,
  input: DestructionInput,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<ToDestroy[]>> {
  await db.kysely.transaction().execute(async (trx) => {
    const product = await repo.lockProductToDestroy(trx, input.productId, db.dialect);
    if (!product) throw notFound('Product');
    if (input.amount > product.to_destroy + 1e-9)
      throw new HttpError(409, {
        error: `Only ${Number(product.to_destroy.toFixed(3))} of ${product.name} is waiting to be destroyed.`,
        code: 'DESTRUCTION_REFUSED',
      });
    const before = { id: product.id, to_destroy: product.to_destroy };
    await repo.changeToDestroy(trx, product.id, '-', input.amount);
    await repo.insertDestructionRow(trx, {
      product_id: product.id,
      product_name: product.name,
      amount: input.amount,
      witness: input.witness,
      note: input.note || null,
      staff_id: actor.staff?.userId ?? null,
      created_at: now.toISOString(),
    });
    await recordChange(trx, actor, {
      action: 'returned goods destroyed',
      entity: 'products',
      entityId: product.id,
      before,
      noted: { witness: { from: null, to: input.witness } },
    });
  });
  return { value: await listToDestroy(db.kysely), events: [] };
}

/** Grams for flower sold by weight, units for everything else. */
const unitOf = (p: {
  product_name: string;
  category: string | null;
  subcategory: string | null;
}) =>
  isSoldByWeight({ name: p.product_name, category: p.category ?? '', subcategory: p.subcategory })
    ? ('g' as const)
    : ('units' as const);

/** Returned goods waiting to be destroyed by product, and products destroyed lately, with history. */
export async function listToDestroy(db: Kysely<Database>): Promise<ToDestroy[]> {
  const [waiting, destroyed] = await Promise.all([
    repo.findProductsToDestroy(db),
    repo.findRecentDestructions(db, 50),
  ]);
  type Entry = { id: number; product_name: string; amount: number } & Parameters<typeof unitOf>[0];
  const products = new Map<number, Entry>(
    waiting.map((p) => [p.id, { ...p, product_name: p.name, amount: p.to_destroy }]),
  );
  for (const d of destroyed)
    if (!products.has(d.product_id))
      products.set(d.product_id, { ...d, id: d.product_id, amount: 0 });
  return [...products.values()].map((product) => ({
    productId: product.id,
    name: product.product_name,
    unit: unitOf(product),
    amount: product.amount,
    destructions: destroyed
      .filter((d) => d.product_id === product.id)
      .map((d) => ({
        at: d.created_at,
        amount: d.amount,
        witness: d.witness,
        note: d.note,
        by: d.first_name || d.username || '',
      })),
  }));
}
