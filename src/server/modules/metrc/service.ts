/**
 * State track-and-trace: packages received against products, the packages each
 * handed-over line takes (first in, first out), and the outbox of reports to Metrc, written in
 * the transaction of the handover or of the return it reports.
 */
import type { Kysely, Transaction } from 'kysely';
import type { TaxLine } from '../../../shared/compliance/taxes';
import type { QuantityLabel } from '../../../shared/constants';
import {
  type MetrcUnit,
  type ReceivedPackage,
  type ReceivePackageInput,
  type ReceivePackageOutput,
  receivePackageSchema,
} from '../../../shared/metrc';
import { isBulk, isSoldByWeight, type ProductKind } from '../../../shared/quantity';
import type { Product } from '../../../shared/schemas/products';
import type { Db, Dialect } from '../../db/connect';
import { readJson } from '../../db/json';
import type { Database, OrderRow } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { HttpError, notFound, parseInput } from '../../http/errors';
import { type Actor, recordChange } from '../audit/service';
import { findProduct } from '../catalog/service';
import type { ReturnedItem } from '../orders/order-mapper';
import * as orders from '../orders/repo';
import {
  type DeliveredOrder,
  type DeliveryReport,
  deliveryReport,
  type SalesDelivery,
} from './delivery';
import {
  localSaleTime,
  returnNumber,
  type SalesReceipt,
  type SoldOrder,
  saleNumber,
  salesReceipt,
} from './receipt';
import * as repo from './repo';

export type { ReceivedPackage };

type PackageRow = Awaited<ReturnType<typeof repo.listPackages>>[number];

const packageFromRow = (row: PackageRow): ReceivedPackage => ({
  id: row.id,
  tag: row.tag,
  itemName: row.item_name,
  unitOfMeasure: row.unit_of_measure,
  quantityReceived: Number(row.quantity_received),
  quantityRemaining: Number(row.quantity_remaining),
  productId: row.product_id,
  productName: row.product_name ?? null,
  flavor: row.flavor,
  receivedAt: row.received_at,
});

export async function listPackages(
  db: Kysely<Database>,
  productId?: number,
): Promise<ReceivedPackage[]> {
  return (await repo.listPackages(db, productId)).map(packageFromRow);
}

/** A package's unit follows how its product is sold: grams by weight, each by the unit. */
export const packageUnitOf = (product: ProductKind): MetrcUnit =>
  isSoldByWeight(product) ? 'Grams' : 'Each';

/** Why a package cannot be taken in as asked: its HTTP answer, code and the field at fault. */
export interface PackageRefusal {
  status: 400 | 409;
  code: 'VALIDATION_FAILED' | 'METRC_PACKAGE_TAKEN';
  error: string;
  path: 'tag' | 'flavor' | 'quantity' | 'quantityRemaining';
  message: string;
}

/**
 * The rules of "Receive stock" beyond the package's own shape (receivePackageSchema), for the
 * Inventory form and the catalog import alike: a tag is received once, the flavor is one of the
 * product's, a product sold by the unit takes whole units, and what a package still holds
 * (the import's) lies between nothing and what it arrived with.
 */
export function packageRefusal(
  product: ProductKind & { name: string; flavors: readonly string[] },
  input: { tag: string; flavor: string | null; quantity: number; quantityRemaining?: number },
  tagTaken: boolean,
): PackageRefusal | null {
  const invalid = (path: PackageRefusal['path'], error: string, message: string) => ({
    status: 400 as const,
    code: 'VALIDATION_FAILED' as const,
    error,
    path,
    message,
  });
  if (tagTaken)
    return {
      status: 409,
      code: 'METRC_PACKAGE_TAKEN',
      error: `Package ${input.tag} was received already.`,
      path: 'tag',
      message: 'was received already',
    };
  if (input.flavor !== null && !product.flavors.includes(input.flavor))
    return invalid(
      'flavor',
      `${product.name} has no flavor ${input.flavor}.`,
      `is not one of ${product.name}'s flavors`,
    );
  const whole = packageUnitOf(product) === 'Each';
  const sold = `${product.name} is sold by the unit: receive a whole number of units.`;
  const quantity = receivedQuantity(product, input.quantity);
  if (quantity <= 0) return invalid('quantity', sold, 'must be a whole number of units');
  const left = input.quantityRemaining;
  if (left === undefined) return null;
  if (whole && !Number.isInteger(left))
    return invalid('quantityRemaining', sold, 'must be a whole number of units');
  if (left < 0 || left > quantity)
    return invalid(
      'quantityRemaining',
      `Package ${input.tag} can't hold more than it arrived with.`,
      `must be between 0 and ${quantity}, what the package arrived with`,
    );
  return null;
}

/** A package of a product sold by the unit is received in whole units (the fraction dropped). */
const receivedQuantity = (product: ProductKind, quantity: number) =>
  packageUnitOf(product) === 'Each' ? Math.floor(quantity) : quantity;

function refuse(refusal: PackageRefusal): never {
  const { status, code, error, path, message } = refusal;
  throw new HttpError(status, {
    error,
    code,
    ...(code === 'VALIDATION_FAILED' ? { errors: [{ path, message }] } : {}),
  });
}

/**
 * "Receive stock": records a Metrc package against a product (and one of its flavors) and adds
 * its quantity to the product's stock (and to the flavor's own stock, when it keeps one).
 */
export async function receivePackage(
  db: Db,
  body: ReceivePackageInput,
  actor: Actor,
  now: Date,
): Promise<Outcome<ReceivedPackage>> {
  const input = parseInput(receivePackageSchema, body, 'Invalid package');
  const id = await db.kysely
    .transaction()
    .execute((trx) => recordPackage(trx, db.dialect, input, actor, now));
  const received = (await listPackages(db.kysely, input.productId)).find((p) => p.id === id)!;
  const product = (await findProduct(db.kysely, input.productId)) as Product;
  return { value: received, events: [busEvent('product-updated', product)] };
}

/**
 * Records a received package in the caller's transaction, under the rules of packageRefusal.
 * Receive stock adds its quantity to the product's stock; the catalog import does not (its
 * row states the stock) and says what the package still holds.
 */
export async function recordPackage(
  trx: Transaction<Database>,
  dialect: Dialect,
  input: ReceivePackageOutput,
  actor: Actor,
  now: Date,
  options: { quantityRemaining?: number } = {},
): Promise<number> {
  const product = await repo.lockProduct(trx, input.productId, dialect);
  if (!product) throw notFound('Product');
  const full = (await findProduct(trx, input.productId))!;
  const flavors = readJson<string[]>(product.flavors, []);
  const flavor = input.flavor?.trim() || null;
  const taken = (await repo.findPackageByTag(trx, input.tag)) !== undefined;
  const asked = { ...input, flavor, quantityRemaining: options.quantityRemaining };
  const refusal = packageRefusal({ ...full, flavors }, asked, taken);
  if (refusal) refuse(refusal);
  const quantity = receivedQuantity(full, input.quantity);
  const row = await repo.insertPackage(trx, {
    tag: input.tag,
    item_name: input.itemName,
    unit_of_measure: packageUnitOf(full),
    quantity_received: quantity,
    quantity_remaining: options.quantityRemaining ?? quantity,
    product_id: product.id,
    flavor,
    staff_id: actor.staff?.userId ?? null,
    received_at: now.toISOString(),
  });
  if (options.quantityRemaining === undefined) {
    const flavorStocks = readJson<Record<string, number>>(product.flavor_stocks, {});
    if (flavor !== null && Object.hasOwn(flavorStocks, flavor))
      flavorStocks[flavor] = (flavorStocks[flavor] ?? 0) + quantity;
    await repo.setProductStock(
      trx,
      product.id,
      Number(product.stock) + quantity,
      JSON.stringify(flavorStocks),
    );
  }
  await recordChange(trx, actor, {
    action: 'received',
    entity: 'metrc_packages',
    entityId: row.id,
  });
  return row.id;
}

/**
 * The catalog import's correction of a package the shop knows: its Metrc item name, and what
 * it still holds after a count (never more than it held: stock comes in by receiving).
 */
export async function correctPackage(
  trx: Transaction<Database>,
  change: { id: number; itemName: string; quantityRemaining: number },
  actor: Actor,
): Promise<void> {
  const before = await repo.findPackage(trx, change.id);
  await repo.correctPackage(trx, change.id, change.itemName, change.quantityRemaining);
  await recordChange(trx, actor, {
    action: 'changed by import',
    entity: 'metrc_packages',
    entityId: change.id,
    before,
  });
}

/**
 * At handover, where the shop reports to Metrc: every line that took stock takes it from the
 * product's packages, oldest first, and remembers which and how much; the sale's report goes
 * into the outbox in the same transaction. A cannabis line its packages cannot cover is refused:
 * Metrc takes no sale without a package tag. Accessories take no package and are not reported.
 */
export async function recordSaleForReport(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: OrderRow,
  saleDate: string,
  now: Date,
  timeZone: string,
): Promise<void> {
  // an order handed over again (the spec's rule set lets staff move it back) was reported
  // and took its packages the first time
  if (await repo.findSaleEntry(trx, row.id)) return;
  const items = await orders.findOrderItemRows(trx, row.id);
  const taken: Parameters<typeof repo.insertLinePackages>[1] = [];
  for (const item of items) {
    let left = Number(item.stock_taken);
    // accessories and merchandise are not cannabis goods: Metrc does not track them
    if (Number(item.cannabis) !== 1) continue;
    // a Bulk line's amount is agreed later and never recorded, so no package quantity and no
    // unit can be reported for it: Metrc takes no sale without them
    if (isBulk(item.quantity as QuantityLabel))
      throw new HttpError(409, {
        error: `Order #${row.id} can't be handed over: its Bulk line of ${item.name} has no amount to report to Metrc. Cancel it and place the agreed amount as its own line.`,
        code: 'NO_METRC_QUANTITY',
      });
    if (left <= 0) continue;
    const packages = await repo.lockOpenPackages(trx, item.product_id, item.stock_flavor, dialect);
    for (const pkg of packages) {
      if (left <= 1e-9) break;
      const quantity = Math.min(left, Number(pkg.quantity_remaining));
      await repo.takeFromPackage(trx, pkg.id, quantity);
      taken.push({
        order_id: row.id,
        order_item_id: item.id,
        package_id: pkg.id,
        tag: pkg.tag,
        quantity,
        unit_of_measure: pkg.unit_of_measure,
      });
      left -= quantity;
    }
    if (left > 1e-9) {
      const what = item.stock_flavor ? `${item.name} (${item.stock_flavor})` : item.name;
      throw new HttpError(409, {
        error: `Order #${row.id} can't be handed over: the Metrc packages received for ${what} hold too little. Receive its package in Inventory first.`,
        code: 'NO_METRC_PACKAGE',
      });
    }
  }
  await repo.insertLinePackages(trx, taken);
  const sold = await soldOrder(trx, row, []);
  const number = saleNumber(row.id);
  const receipt = salesReceipt(sold, number, localSaleTime(now, timeZone));
  // a delivery is reported through Metrc's delivery endpoints, a pickup as a receipt
  const delivery = row.order_type !== 'pickup';
  const payload = delivery
    ? deliveryReport(await deliveredOrder(trx, row), receipt, now, timeZone)
    : receipt;
  await repo.insertOutbox(trx, {
    kind: delivery ? 'delivery' : 'sale',
    order_id: row.id,
    return_id: null,
    external_number: number,
    sale_date: saleDate,
    payload: JSON.stringify(payload),
    status: 'pending',
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
  });
}

/** The facts of a handed-over delivery its report names: recipient, address, driver, times. */
async function deliveredOrder(trx: Transaction<Database>, row: OrderRow): Promise<DeliveredOrder> {
  const driver = row.driver_id === null ? null : await repo.findDriver(trx, row.driver_id);
  return {
    id: row.id,
    customer: row.customer,
    address: row.address,
    postalCode: row.postal_code,
    deliveryDate: row.order_type === 'scheduled' ? row.delivery_date : null,
    deliveryWindow: row.order_type === 'scheduled' ? row.delivery_time_window : null,
    departedAt: row.departed_at ? new Date(row.departed_at) : null,
    driver: driver
      ? { employeeNumber: driver.employee_number, firstName: driver.first_name }
      : null,
    shopPhone: (await repo.shopPhone(trx)) || null,
  };
}

/**
 * A return after handover, where the sale was reported: the receipt as it stands after every
 * return so far goes into the outbox (Metrc's PUT of the receipt), in the return's transaction.
 */
export async function recordReturnForReport(
  trx: Transaction<Database>,
  row: OrderRow,
  returnId: number,
  returns: { items: string }[],
  now: Date,
): Promise<void> {
  const sale = await repo.findSaleEntry(trx, row.id);
  // a sale handed over before the shop reported to Metrc has nothing there to correct
  if (!sale) return;
  const sold = await soldOrder(trx, row, returns);
  // the sale as it stands after the return, in the shape it was reported: a delivery's trip
  // with the transactions left, or the receipt
  let payload: SalesReceipt | SalesDelivery;
  if (sale.kind === 'delivery') {
    const { delivery } = JSON.parse(sale.payload) as DeliveryReport;
    const receipt = salesReceipt(sold, saleNumber(row.id), delivery.SalesDateTime);
    payload = { ...delivery, Transactions: receipt.Transactions };
  } else {
    const original = JSON.parse(sale.payload) as { SalesDateTime: string };
    payload = salesReceipt(sold, saleNumber(row.id), original.SalesDateTime);
  }
  await repo.insertOutbox(trx, {
    kind: 'return',
    order_id: row.id,
    return_id: returnId,
    external_number: returnNumber(row.id, returnId),
    sale_date: sale.sale_date,
    payload: JSON.stringify(payload),
    status: 'pending',
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
  });
}

async function soldOrder(
  trx: Transaction<Database>,
  row: OrderRow,
  returns: { items: string }[],
): Promise<SoldOrder> {
  const items = await orders.findOrderItemRows(trx, row.id);
  const packages = await repo.findLinePackages(trx, row.id);
  const returned = new Map<number, number>();
  for (const r of returns)
    for (const item of readJson<ReturnedItem[]>(r.items, []))
      returned.set(item.lineId, (returned.get(item.lineId) ?? 0) + item.count);
  return {
    discountCents: Number(row.discount_cents),
    taxes: readJson<TaxLine[]>(row.taxes, []),
    lines: items.map((item) => ({
      itemId: item.id,
      unitPriceCents: item.unit_price_cents,
      count: item.count,
      returnedCount: returned.get(item.id) ?? 0,
      packages: packages
        .filter((p) => p.order_item_id === item.id)
        .map((p) => ({
          tag: p.tag,
          quantity: Number(p.quantity),
          unitOfMeasure: p.unit_of_measure,
        })),
    })),
  };
}

/**
 * Where the shop reports to Metrc, a cannabis product's sellable stock never exceeds what its
 * packages hold: an edit may lower the stock (a loss, a count), but raising it needs a package
 * received in Inventory.
 */
export async function checkStockWithinPackages(
  trx: Transaction<Database>,
  product: { id: number; name: string; cannabis: boolean; stock: number },
  previousStock: number,
): Promise<void> {
  if (!product.cannabis || product.stock <= previousStock) return;
  const left = await repo.packagedStockLeft(trx, product.id);
  if (product.stock <= left) return;
  throw new HttpError(409, {
    error: `${product.name}'s Metrc packages hold stock for ${Math.max(0, left)} more: receive its package in Inventory to add stock.`,
    code: 'STOCK_OVER_PACKAGES',
    errors: [
      {
        path: 'stock',
        message: `must be at most ${Math.max(0, left)}: what its Metrc packages hold`,
      },
    ],
  });
}
