import type { TaxLine } from '../../../shared/compliance/taxes';
import type { OrderStatus, OrderType, QuantityLabel } from '../../../shared/constants';
import type { DoorCheck, IdCheckOverride } from '../../../shared/id-check/door-check';
import { toDollars } from '../../../shared/money';
import type { ReturnReason } from '../../../shared/order-lifecycle';
import type { Payment, PaymentMethod } from '../../../shared/payment';
import { lineTotalCents } from '../../../shared/pricing';
import type { Bogo50Details, Order, OrderItem, OrderReturn } from '../../../shared/schemas/orders';
import { readJson } from '../../db/json';
import type { OrderItemRow, OrderReturnRow, OrderRow } from '../../db/schema';

export function orderItemFromRow(row: OrderItemRow): OrderItem {
  return {
    id: row.product_id,
    lineId: row.id,
    name: row.name,
    price: row.unit_price_cents === null ? -1 : toDollars(row.unit_price_cents),
    quantity: row.quantity as QuantityLabel,
    count: row.count,
    ...(row.flavor ? { flavor: row.flavor } : {}),
    ...(row.strain_type ? { strainType: row.strain_type } : {}),
    cannabis: Boolean(row.cannabis),
  };
}

/** An order row, with its driver's first name when the query joined it. */
export type OrderRowWithDriver = OrderRow & { driver_first_name?: string | null };

/** What a return keeps of each line (order_returns.items, JSON). */
export interface ReturnedItem {
  lineId: number;
  productId: number;
  name: string;
  quantity: QuantityLabel;
  count: number;
  /** grams or units set apart for destruction */
  stock: number;
  /** the line's unit price in cents, null for Bulk */
  unitPriceCents: number | null;
}

export function orderReturnFromRow(row: OrderReturnRow): OrderReturn {
  const items = readJson<ReturnedItem[]>(row.items, []);
  return {
    id: row.id,
    at: row.created_at,
    reason: row.reason,
    items: items.map(({ lineId, name, quantity, count }) => ({ lineId, name, quantity, count })),
    value: toDollars(
      items.reduce(
        (sum, item) =>
          sum +
          lineTotalCents({
            unitPriceCents: item.unitPriceCents,
            quantity: item.quantity,
            count: item.count,
          }),
        0,
      ),
    ),
  };
}

/**
 * `taxes`: the order's tax lines when the caller holds them already (the checkout that just
 * levied them), so that the row's JSON of them is not parsed back.
 */
export function orderFromRows(
  row: OrderRowWithDriver,
  items: OrderItemRow[],
  returns: OrderReturnRow[] = [],
  taxes: readonly TaxLine[] = readJson<TaxLine[]>(row.taxes, []),
): Order {
  return {
    id: row.id,
    customer: row.customer,
    address: row.address,
    phone: row.phone,
    email: row.email,
    status: row.status as OrderStatus,
    total: toDollars(row.total_cents),
    date: row.created_at,
    items: items.map(orderItemFromRow),
    deliveryDate: row.delivery_date,
    deliveryTimeWindow: row.delivery_time_window,
    deliveryNotes: row.delivery_notes,
    deliveryFee: toDollars(row.delivery_fee_cents),
    promoCode: row.promo_code,
    discountAmount: toDollars(row.discount_cents),
    bogo50Details: readJson<Bogo50Details | null>(row.bogo50_details, null),
    orderType: row.order_type as OrderType,
    statusToken: row.status_token ?? '',
    taxes: taxes.map((line) => ({
      name: line.name,
      rate: line.ratePercent,
      amount: toDollars(line.amountCents),
    })),
    driver:
      row.driver_id === null ? null : { id: row.driver_id, firstName: row.driver_first_name ?? '' },
    completedAt: row.completed_at,
    returnReason: (row.return_reason as ReturnReason | null) ?? null,
    idCheck: readJson<DoorCheck | null>(row.id_check, null),
    saleDate: row.sale_date,
    cannabisGrams: Number(row.cannabis_grams),
    concentrateGrams: Number(row.concentrate_grams),
    voidReason: row.void_reason,
    idCheckOverride: overrideOf(row.id_check_override),
    handoverNote: row.handover_note,
    deliveryAttempts: Number(row.delivery_attempts ?? 0),
    attemptNote: row.attempt_note,
    payment: paymentOf(row),
    expiredAt: row.expired_at ?? null,
    returns: returns.map(orderReturnFromRow),
  };
}

function paymentOf(row: {
  payment_method: string | null;
  payment_collected_cents: number | null;
}): Payment | null {
  if (row.payment_method === null || row.payment_collected_cents === null) return null;
  return {
    method: row.payment_method as PaymentMethod,
    collected: toDollars(Number(row.payment_collected_cents)),
  };
}

function overrideOf(json: string | null): Order['idCheckOverride'] {
  const override = readJson<IdCheckOverride | null>(json, null);
  if (!override) return null;
  const { byName, reason, at, used } = override;
  return { byName, reason, at, used };
}
