import { addDays } from '../../../shared/availability';
import { formatCents } from '../../../shared/money';
import {
  type DayRange,
  daysBetween,
  previousRange,
  type SalesReport,
  type SalesTableId,
  type SalesTotals,
  salesTable,
  type TaxFigures,
  type TaxReport,
  taxPeriodRange,
  taxTable,
} from '../../../shared/reports';
import { shopDayStart, zoneOffsetSpan } from '../../../shared/shop-clock';
import type { Db } from '../../db/connect';
import { readJson } from '../../db/json';
import { spreadsheetCsv } from '../../http/spreadsheet-csv';
import * as repo from './repo';

/**
 * The zone's offsets from the start of shop day `from` to the end of `to`: one step per change
 * (two a year where the zone keeps daylight saving time).
 */
export function offsetSteps(range: DayRange, timeZone: string): repo.OffsetStep[] {
  const start = shopDayStart(range.from, timeZone).getTime();
  const end = shopDayStart(addDays(range.to, 1), timeZone).getTime();
  const steps: repo.OffsetStep[] = [];
  let at = start;
  while (at < end) {
    const span = zoneOffsetSpan(new Date(at), timeZone);
    if (steps.at(-1)?.offsetMinutes !== span.offsetMinutes)
      steps.push({ fromIso: new Date(at).toISOString(), offsetMinutes: span.offsetMinutes });
    at = span.until;
  }
  return steps;
}

function totalsOf(sums: { orders: number; revenueCents: number; discountCents: number }) {
  return {
    ...sums,
    averageOrderCents: sums.orders ? Math.round(sums.revenueCents / sums.orders) : 0,
  } satisfies SalesTotals;
}

async function returnsAfterHandover(db: Db, range: DayRange, timeZone: string) {
  const fromIso = shopDayStart(range.from, timeZone).toISOString();
  const untilIso = shopDayStart(addDays(range.to, 1), timeZone).toISOString();
  const returns = await repo.returnsBetween(db.kysely, fromIso, untilIso);
  let units = 0;
  let goodsCents = 0;
  for (const row of returns)
    for (const item of readJson<{ count: number; unitPriceCents?: number | null }[]>(
      row.items,
      [],
    )) {
      units += item.count;
      goodsCents += (item.unitPriceCents ?? 0) * item.count;
    }
  return { returns: returns.length, units, goodsCents };
}

/** GET /api/reports/sales: the shop days from..to, and the period before when `compare`. */
export async function salesReport(
  db: Db,
  range: DayRange,
  compare: boolean,
  timeZone: string,
): Promise<SalesReport> {
  const k = db.kysely;
  const { from, to } = range;
  const previous = compare ? previousRange(range) : null;
  const bucket = from === to ? 'hour' : 'day';
  const steps = offsetSteps(range, timeZone);
  const [cells, previousCells, hours, previousHours, perProduct, promotions, heat, afterHandover] =
    await Promise.all([
      repo.salesCells(k, from, to),
      previous ? repo.salesCells(k, previous.from, previous.to) : null,
      bucket === 'hour' ? repo.salesPerHour(k, from, steps) : null,
      previous && bucket === 'hour'
        ? repo.salesPerHour(k, previous.from, offsetSteps(previous, timeZone))
        : null,
      repo.soldPerProduct(k, from, to),
      repo.promotionsUsed(k, from, to),
      repo.heatmap(k, db.dialect, from, to, steps),
      returnsAfterHandover(db, range, timeZone),
    ]);
  const series = seriesOf(range, cells, hours);
  const previousSeries =
    previous && previousCells ? seriesOf(previous, previousCells, previousHours) : null;
  const sales = cells.filter((cell) => cell.sale);
  const sumOf = (list: typeof cells, status?: string) => {
    const of = status ? list.filter((cell) => cell.status === status) : list;
    return {
      orders: of.reduce((sum, cell) => sum + cell.orders, 0),
      totalCents: of.reduce((sum, cell) => sum + cell.totalCents, 0),
    };
  };
  const statuses = new Map<string, SalesReport['byStatus'][number]>();
  for (const cell of cells) {
    const key = `${cell.status}/${cell.type}`;
    const entry = statuses.get(key) ?? {
      status: cell.status,
      type: cell.type,
      orders: 0,
      totalCents: 0,
    };
    entry.orders += cell.orders;
    entry.totalCents += cell.totalCents;
    statuses.set(key, entry);
  }
  const categories = new Map<string, { name: string; revenueCents: number; units: number }>();
  for (const product of perProduct) {
    const entry = categories.get(product.category) ?? {
      name: product.category,
      revenueCents: 0,
      units: 0,
    };
    entry.revenueCents += product.revenueCents;
    entry.units += product.units;
    categories.set(product.category, entry);
  }
  const products = perProduct.map(({ name, revenueCents, units, id }) => ({
    id,
    name,
    revenueCents,
    units,
  }));
  return {
    from,
    to,
    previous,
    bucket,
    totals: totalsOf(salesSums(cells)),
    previousTotals: previousCells ? totalsOf(salesSums(previousCells)) : null,
    series: series.map((point, i) => ({
      ...point,
      previousOrders: previousSeries ? (previousSeries[i]?.orders ?? 0) : null,
      previousRevenueCents: previousSeries ? (previousSeries[i]?.revenueCents ?? 0) : null,
    })),
    byType: ['delivery', 'scheduled', 'pickup'].map((type) => {
      const of = sumOf(sales.filter((cell) => cell.type === type));
      return { type, orders: of.orders, revenueCents: of.totalCents };
    }),
    byStatus: [...statuses.values()].sort(
      (a, b) => b.orders - a.orders || a.status.localeCompare(b.status),
    ),
    topProductsByRevenue: topTen(products, 'revenueCents'),
    topProductsByUnits: topTen(products, 'units'),
    topCategoriesByRevenue: topTen([...categories.values()], 'revenueCents'),
    topCategoriesByUnits: topTen([...categories.values()], 'units'),
    promotions: promotions.map((row) => ({ ...row, code: row.code || 'Automatic promotions' })),
    heatmap: heat.filter((cell) => cell.orders > 0),
    returns: {
      voided: sumOf(cells, 'cancelled'),
      returnedUndelivered: sumOf(cells, 'returned'),
      returnedAfterHandover: afterHandover,
    },
  };
}

function salesSums(cells: Awaited<ReturnType<typeof repo.salesCells>>) {
  const sales = cells.filter((cell) => cell.sale);
  return {
    orders: sales.reduce((sum, cell) => sum + cell.orders, 0),
    revenueCents: sales.reduce((sum, cell) => sum + cell.totalCents, 0),
    discountCents: sales.reduce((sum, cell) => sum + cell.discountCents, 0),
  };
}

/** The ten first by `by`, ties by name; the aggregation ran in SQL, this only ranks its rows. */
function topTen<T extends { name: string; revenueCents: number; units: number }>(
  rows: T[],
  by: 'revenueCents' | 'units',
) {
  return [...rows]
    .sort((a, b) => b[by] - a[by] || a.name.localeCompare(b.name))
    .slice(0, 10)
    .map(({ name, revenueCents, units }) => ({ name, revenueCents, units }));
}

/** Every day (or hour) of the range, the empty ones at zero. */
function seriesOf(
  range: DayRange,
  cells: Awaited<ReturnType<typeof repo.salesCells>>,
  hours: Awaited<ReturnType<typeof repo.salesPerHour>> | null,
) {
  if (hours) {
    return Array.from({ length: 24 }, (_, hour) => {
      const row = hours.find((r) => r.hour === hour);
      return {
        key: String(hour).padStart(2, '0'),
        orders: row?.orders ?? 0,
        revenueCents: row?.revenueCents ?? 0,
      };
    });
  }
  const days = new Map<string, { orders: number; revenueCents: number }>();
  for (const cell of cells) {
    if (!cell.sale) continue;
    const day = days.get(cell.day) ?? { orders: 0, revenueCents: 0 };
    day.orders += cell.orders;
    day.revenueCents += cell.totalCents;
    days.set(cell.day, day);
  }
  return Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) => {
    const key = addDays(range.from, i);
    const day = days.get(key);
    return { key, orders: day?.orders ?? 0, revenueCents: day?.revenueCents ?? 0 };
  });
}

const ZERO: TaxFigures = {
  orders: 0,
  totalCents: 0,
  cannabisGoodsCents: 0,
  nonCannabisGoodsCents: 0,
  deliveryFeeCents: 0,
  localTaxCents: 0,
  exciseBaseCents: 0,
  exciseCents: 0,
  salesTaxBaseCents: 0,
  salesTaxCents: 0,
};
function add(a: TaxFigures, b: TaxFigures): TaxFigures {
  const sum = { ...a };
  for (const key of Object.keys(ZERO) as (keyof TaxFigures)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** GET /api/reports/taxes: a month's or a quarter's sales as CDTFA's returns ask for them. */
export async function taxReport(db: Db, period: string, timeZone: string): Promise<TaxReport> {
  const range = taxPeriodRange(period);
  const [rows, returns, voided, zones, shop] = await Promise.all([
    repo.taxSums(db.kysely, range.from, range.to),
    returnsAfterHandover(db, range, timeZone),
    repo.voidedBetween(db.kysely, range.from, range.to),
    repo.zoneRates(db.kysely),
    repo.shopRate(db.kysely),
  ]);
  const figures = (row: (typeof rows)[number]): TaxFigures => {
    const { month: _month, ratePercent: _rate, ...rest } = row;
    return rest;
  };
  const totals = rows.reduce((sum, row) => add(sum, figures(row)), ZERO);
  const months = range.months.map((month) => ({
    month,
    ...rows.filter((row) => row.month === month).reduce((sum, row) => add(sum, figures(row)), ZERO),
  }));
  const rates = new Map<string, TaxReport['salesTaxByRate'][number]>();
  for (const row of rows) {
    const key = String(row.ratePercent);
    const entry = rates.get(key) ?? {
      ratePercent: row.ratePercent,
      zones: zonesCharging(row.ratePercent, zones, shop?.sales_tax_rate ?? null),
      orders: 0,
      baseCents: 0,
      taxCents: 0,
    };
    entry.orders += row.orders;
    entry.baseCents += row.salesTaxBaseCents;
    entry.taxCents += row.salesTaxCents;
    rates.set(key, entry);
  }
  const salesTaxByRate = [...rates.values()].sort(
    (a, b) => (b.ratePercent ?? -1) - (a.ratePercent ?? -1),
  );
  return {
    period,
    label: range.label,
    from: range.from,
    to: range.to,
    totals,
    months,
    salesTaxByRate,
    returnsAfterHandover: returns,
    voided,
    returnLines: returnLines(totals, salesTaxByRate, returns.goodsCents),
  };
}

function zonesCharging(
  rate: number | null,
  zones: { name: string; sales_tax_rate: number | null }[],
  shopRate: number | null,
): string[] {
  if (rate === null) return ['No sales tax'];
  const same = (other: number | null) => other !== null && Math.abs(Number(other) - rate) < 1e-9;
  const names = zones.filter((zone) => same(zone.sales_tax_rate)).map((zone) => zone.name);
  if (same(shopRate)) names.push('The shop (pickups and zones without a rate)');
  return names.length > 0 ? names : ['A rate no zone charges today'];
}

const EXCISE_RETURN = 'Cannabis Retailer Excise Tax Return';
const SALES_RETURN = 'CDTFA-401';

/**
 * The figures as a retailer enters them. CDTFA-401: line 1 total (gross) sales, line 11 the
 * nontaxable part and the deductions, line 12 the transactions subject to tax; the district
 * rates go on Schedule A2 (CDTFA-531-A2). Goods returned after handover are the deduction
 * "Returned taxable merchandise" (Section B, line 4 in the instructions for the 401-A return,
 * BOE-401-INST rev. 13 (4-13); Regulation 1655): the sale price before tax, claimed in the
 * period the return was recorded, so line 12 is net of them. The excise return asks for the gross receipts of retail sales of cannabis and
 * the excise due on them, per location; no return line of it is netted here.
 */
function returnLines(
  totals: TaxFigures,
  byRate: TaxReport['salesTaxByRate'],
  returnedGoodsCents: number,
): TaxReport['returnLines'] {
  const grossSales = totals.totalCents - totals.salesTaxCents;
  return [
    {
      form: EXCISE_RETURN,
      line: 'Summary by location',
      label: 'Gross receipts from retail sales of cannabis (subject to excise)',
      cents: totals.exciseBaseCents,
    },
    {
      form: EXCISE_RETURN,
      line: 'Summary by location',
      label: 'Cannabis excise tax collected (due)',
      cents: totals.exciseCents,
    },
    { form: SALES_RETURN, line: 'Line 1', label: 'Total (gross) sales', cents: grossSales },
    {
      form: SALES_RETURN,
      line: 'Line 11',
      label:
        'Total nontaxable transactions and deductions (e.g. delivery fees on orders without cannabis, returned goods)',
      cents: grossSales - totals.salesTaxBaseCents + returnedGoodsCents,
    },
    {
      form: SALES_RETURN,
      line: 'Line 12',
      label: 'Transactions subject to tax (the sales-tax base, less returned goods)',
      cents: totals.salesTaxBaseCents - returnedGoodsCents,
    },
    ...byRate
      .filter((rate) => rate.ratePercent !== null)
      .map((rate) => ({
        form: SALES_RETURN,
        line: 'Schedule A2 (CDTFA-531-A2)',
        label: `Sales tax at ${rate.ratePercent}% (${rate.zones.join(', ')}) on ${formatCents(rate.baseCents)}`,
        cents: rate.taxCents,
      })),
    {
      form: SALES_RETURN,
      line: 'Sales tax collected',
      label: 'Sales tax collected, all rates',
      cents: totals.salesTaxCents,
    },
    {
      form: 'Local cannabis business tax return (city or county)',
      line: 'Gross receipts tax',
      label: 'Local cannabis business tax collected',
      cents: totals.localTaxCents,
    },
    {
      form: SALES_RETURN,
      line: 'Included in line 1',
      label: 'Non-cannabis goods sold (accessories; sales tax only)',
      cents: totals.nonCannabisGoodsCents,
    },
    {
      form: SALES_RETURN,
      line: 'Section B, line 4',
      label: 'Returned taxable merchandise, at its sold price before tax (if refunded in full)',
      cents: returnedGoodsCents,
    },
  ];
}

export function salesTableCsv(report: SalesReport, table: SalesTableId): string {
  const { columns, rows } = salesTable(report, table);
  return spreadsheetCsv([columns, ...rows]);
}

export function taxTableCsv(report: TaxReport): string {
  const { columns, rows } = taxTable(report);
  return spreadsheetCsv([columns, ...rows]);
}
