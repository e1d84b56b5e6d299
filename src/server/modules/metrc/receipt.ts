/**
 * The sales receipt Metrc's California API takes (POST and PUT /sales/v2/receipts): one
 * transaction per package a line took from, its quantity in the package's unit, the amount the
 * customer paid for it and the taxes in it. Pure: built in the handover's (or the return's)
 * transaction and stored in the outbox as it was then.
 */
import type { TaxLine } from '../../../shared/compliance/taxes';
import { localDateTime } from '../../../shared/shop-clock';

export interface ReceiptTransaction {
  PackageLabel: string;
  Quantity: number;
  UnitOfMeasure: string;
  TotalAmount: number;
  Price: number;
  ExciseTax: number | null;
  CityTax: number | null;
  SalesTax: number | null;
  DiscountAmount: number | null;
}

export interface SalesReceipt {
  /** set when the receipt replaces one Metrc keeps (a return after handover) */
  Id?: number;
  /** the shop's local time of the sale, without a zone, as Metrc asks */
  SalesDateTime: string;
  ExternalReceiptNumber: string;
  SalesCustomerType: 'Consumer';
  Transactions: ReceiptTransaction[];
}

export interface SoldLine {
  itemId: number;
  unitPriceCents: number | null;
  count: number;
  /** how many of `count` came back after handover */
  returnedCount: number;
  packages: { tag: string; quantity: number; unitOfMeasure: string }[];
}

export interface SoldOrder {
  discountCents: number;
  taxes: TaxLine[];
  lines: SoldLine[];
}

const EXCISE = /excise/i;
const SALES = /^sales tax/i;
const LOCAL = /local|city|county/i;

const dollars = (cents: number) => Math.round(cents) / 100;
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The external receipt number of an order's sale: what Metrc is asked for before a resend. */
export const saleNumber = (orderId: number) => `canopy-order-${orderId}`;
export const returnNumber = (orderId: number, returnId: number) =>
  `canopy-order-${orderId}-return-${returnId}`;

/** Wall-clock time in the shop's zone, as YYYY-MM-DDTHH:mm:ss.000 (no offset). */
export function localSaleTime(instant: Date, timeZone: string): string {
  return `${localDateTime(instant, timeZone)}.000`;
}

/**
 * The receipt for what the customer kept: each line's packages in proportion to the count not
 * returned; each transaction's share of the discount and of each tax in proportion to its price.
 */
export function salesReceipt(
  order: SoldOrder,
  externalNumber: string,
  salesDateTime: string,
): SalesReceipt {
  const goodsCents = order.lines.reduce((sum, l) => sum + (l.unitPriceCents ?? 0) * l.count, 0);
  const taxCents = (pattern: RegExp) =>
    order.taxes.filter((t) => pattern.test(t.name)).reduce((sum, t) => sum + t.amountCents, 0);
  const excise = taxCents(EXCISE);
  const sales = taxCents(SALES);
  const local = taxCents(LOCAL);
  const transactions: ReceiptTransaction[] = [];
  for (const line of order.lines) {
    const kept = line.count - line.returnedCount;
    if (kept <= 0) continue;
    const keptShare = kept / line.count;
    const lineCents = (line.unitPriceCents ?? 0) * kept;
    const taken = line.packages.reduce((sum, p) => sum + p.quantity, 0);
    for (const pkg of line.packages) {
      const part = taken > 0 ? pkg.quantity / taken : 0;
      const priceCents = lineCents * part;
      const share = goodsCents > 0 ? priceCents / goodsCents : 0;
      const discount = order.discountCents * share;
      const taxes = (excise + sales + local) * share;
      transactions.push({
        PackageLabel: pkg.tag,
        Quantity: round(pkg.quantity * keptShare),
        UnitOfMeasure: pkg.unitOfMeasure,
        TotalAmount: dollars(priceCents - discount + taxes),
        Price: dollars(priceCents),
        ExciseTax: excise ? dollars(excise * share) : null,
        CityTax: local ? dollars(local * share) : null,
        SalesTax: sales ? dollars(sales * share) : null,
        DiscountAmount: order.discountCents ? dollars(discount) : null,
      });
    }
  }
  return {
    SalesDateTime: salesDateTime,
    ExternalReceiptNumber: externalNumber,
    SalesCustomerType: 'Consumer',
    Transactions: transactions,
  };
}
