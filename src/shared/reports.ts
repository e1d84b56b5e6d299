/**
 * The owner's reports: the periods a report covers, in shop days, and the tables
 * every chart shows beside it. The page renders these tables and the server turns the same
 * rows into the CSV a table downloads as, so the two never disagree.
 */
import { z } from 'zod';
import { addDays } from './availability';
import type { OrderStatus, OrderType } from './constants';
import { formatCents } from './money';
import { statusLabel } from './order-lifecycle';
import { calendarDate } from './schemas/fields';
import { MONTH_NAMES } from './shop-clock';

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'this-week',
  'last-week',
  'this-month',
  'last-month',
  'this-quarter',
  'last-quarter',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-quarter': 'This quarter',
  'last-quarter': 'Last quarter',
  custom: 'Custom range',
};

/** Shop days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The longest range a sales report covers: a year and a day (a leap year's "last year"). */
export const MAX_REPORT_DAYS = 367;

const day = calendarDate();

export const salesReportQuerySchema = z
  .object({
    from: day,
    to: day,
    /** compare with the period before (default yes) */
    compare: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  })
  .refine((r) => r.from <= r.to, { message: 'must not be before from', path: ['to'] })
  .refine((r) => daysBetween(r.from, r.to) < MAX_REPORT_DAYS, {
    message: `must be within ${MAX_REPORT_DAYS} days of from`,
    path: ['to'],
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** A month (2026-11) or a quarter (2026-Q4). */
export const taxPeriodSchema = z
  .string({ message: 'is required' })
  .regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'must be a month (2026-11) or a quarter (2026-Q4)');
export const taxReportQuerySchema = z.object({ period: taxPeriodSchema });

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (year: number, month: number) => {
  const y = year + Math.floor((month - 1) / 12);
  const m = (((month - 1) % 12) + 12) % 12;
  return `${y}-${pad(m + 1)}-01`;
};
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** Monday of the week of `date` (shop weeks start on Monday). */
function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The shop days a preset covers on shop day `today`; custom ranges are given as they are. */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): DayRange {
  const [year, month] = parts(today);
  const quarterMonth = month - ((month - 1) % 3);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this-week':
      return { from: weekStart(today), to: addDays(weekStart(today), 6) };
    case 'last-week':
      return { from: addDays(weekStart(today), -7), to: addDays(weekStart(today), -1) };
    case 'this-month':
      return { from: monthStart(year, month), to: addDays(monthStart(year, month + 1), -1) };
    case 'last-month':
      return { from: monthStart(year, month - 1), to: addDays(monthStart(year, month), -1) };
    case 'this-quarter':
      return {
        from: monthStart(year, quarterMonth),
        to: addDays(monthStart(year, quarterMonth + 3), -1),
      };
    case 'last-quarter':
      return {
        from: monthStart(year, quarterMonth - 3),
        to: addDays(monthStart(year, quarterMonth), -1),
      };
  }
}

/**
 * The period a report compares with: the calendar month or quarter before a whole month or
 * quarter, else as many days just before it.
 */
export function previousRange(range: DayRange): DayRange {
  const [year, month, dayOfMonth] = parts(range.from);
  const end = addDays(range.to, 1);
  if (dayOfMonth === 1 && end === monthStart(year, month + 1))
    return { from: monthStart(year, month - 1), to: addDays(range.from, -1) };
  if (dayOfMonth === 1 && (month - 1) % 3 === 0 && end === monthStart(year, month + 3))
    return { from: monthStart(year, month - 3), to: addDays(range.from, -1) };
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The shop days of a tax period (a month or a quarter) and its name. */
export function taxPeriodRange(period: string): DayRange & { label: string; months: string[] } {
  const [yearText, rest] = period.split('-') as [string, string];
  const year = Number(yearText);
  const first = rest.startsWith('Q') ? (Number(rest.slice(1)) - 1) * 3 + 1 : Number(rest);
  const count = rest.startsWith('Q') ? 3 : 1;
  const months = Array.from({ length: count }, (_, i) => monthStart(year, first + i).slice(0, 7));
  const label = rest.startsWith('Q')
    ? `${rest} ${year} (${monthName(months[0]!)}–${monthName(months[count - 1]!)})`
    : `${monthName(months[0]!)} ${year}`;
  return {
    from: monthStart(year, first),
    to: addDays(monthStart(year, first + count), -1),
    label,
    months,
  };
}

export const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

// ---- what the API answers ----------------------------------------------------------------

const cents = z.number().int();
const count = z.number().int().nonnegative();
const totals = z.object({
  /** orders placed in the period, less the voided and returned (undelivered) ones */
  orders: count,
  revenueCents: cents,
  averageOrderCents: cents,
  discountCents: cents,
});
export type SalesTotals = z.infer<typeof totals>;
const ranked = z.object({ name: z.string(), revenueCents: cents, units: count });

export const salesReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** per shop day, or per hour of a single day */
  bucket: z.enum(['day', 'hour']),
  totals,
  previousTotals: totals.nullable(),
  series: z.array(
    z.object({
      /** YYYY-MM-DD, or the hour 0-23 as two digits */
      key: z.string(),
      orders: count,
      revenueCents: cents,
      previousOrders: count.nullable(),
      previousRevenueCents: cents.nullable(),
    }),
  ),
  byType: z.array(z.object({ type: z.string(), orders: count, revenueCents: cents })),
  byStatus: z.array(
    z.object({ status: z.string(), type: z.string(), orders: count, totalCents: cents }),
  ),
  topProductsByRevenue: z.array(ranked),
  topProductsByUnits: z.array(ranked),
  topCategoriesByRevenue: z.array(ranked),
  topCategoriesByUnits: z.array(ranked),
  promotions: z.array(z.object({ code: z.string(), orders: count, discountCents: cents })),
  /** orders per weekday (0 = Sunday) and hour of the shop's day; only the non-empty cells */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: count })),
  returns: z.object({
    voided: z.object({ orders: count, totalCents: cents }),
    returnedUndelivered: z.object({ orders: count, totalCents: cents }),
    returnedAfterHandover: z.object({ returns: count, units: count, goodsCents: cents }),
  }),
});
export type SalesReport = z.infer<typeof salesReportResponse>;

const taxFigures = z.object({
  /** orders handed over in the period (their sale date), the sales the returns report */
  orders: count,
  totalCents: cents,
  cannabisGoodsCents: cents,
  nonCannabisGoodsCents: cents,
  deliveryFeeCents: cents,
  localTaxCents: cents,
  exciseBaseCents: cents,
  exciseCents: cents,
  salesTaxBaseCents: cents,
  salesTaxCents: cents,
});
export type TaxFigures = z.infer<typeof taxFigures>;

export const taxReportResponse = z.object({
  period: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  totals: taxFigures,
  months: z.array(taxFigures.extend({ month: z.string() })),
  salesTaxByRate: z.array(
    z.object({
      ratePercent: z.number().nullable(),
      /** the delivery zones (and the shop, for pickups) charging this rate today */
      zones: z.array(z.string()),
      orders: count,
      baseCents: cents,
      taxCents: cents,
    }),
  ),
  returnsAfterHandover: z.object({ returns: count, units: count, goodsCents: cents }),
  voided: z.object({ orders: count, totalCents: cents }),
  /** the figures as a California retailer enters them on CDTFA's returns */
  returnLines: z.array(
    z.object({ form: z.string(), line: z.string(), label: z.string(), cents: cents }),
  ),
});
export type TaxReport = z.infer<typeof taxReportResponse>;

// ---- the tables beside the charts ---------------------------------------------------------

export const SALES_TABLES = [
  'revenue',
  'types',
  'statuses',
  'products-revenue',
  'products-units',
  'categories-revenue',
  'categories-units',
  'promotions',
  'heatmap',
  'returns',
] as const;
export type SalesTableId = (typeof SALES_TABLES)[number];
export const salesTableQuerySchema = z.object({
  table: z.enum(SALES_TABLES, { message: 'must be one of the report tables' }),
});

export interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

const money = (value: number) => formatCents(value);
const TYPE_LABELS: Record<string, string> = {
  delivery: 'Same-day delivery',
  scheduled: 'Scheduled delivery',
  pickup: 'Pickup',
};
export const orderTypeLabel = (type: string) => TYPE_LABELS[type] ?? type;
const hourLabel = (hour: number) => `${pad(hour)}:00`;

function rankedTable(title: string, what: string, rows: SalesReport['topProductsByRevenue']) {
  return {
    title,
    columns: ['Rank', what, 'Revenue', 'Units'],
    rows: rows.map((row, i) => [i + 1, row.name, money(row.revenueCents), row.units]),
  };
}

export function salesTable(report: SalesReport, id: SalesTableId): ReportTable {
  const compare = report.previousTotals !== null;
  switch (id) {
    case 'revenue':
      return {
        title:
          report.bucket === 'hour' ? 'Revenue and orders per hour' : 'Revenue and orders per day',
        columns: [
          report.bucket === 'hour' ? 'Hour' : 'Day',
          'Orders',
          'Revenue',
          'Average order',
          ...(compare ? ['Orders (previous)', 'Revenue (previous)'] : []),
        ],
        rows: report.series.map((row) => [
          report.bucket === 'hour' ? hourLabel(Number(row.key)) : row.key,
          row.orders,
          money(row.revenueCents),
          money(row.orders ? Math.round(row.revenueCents / row.orders) : 0),
          ...(compare ? [row.previousOrders ?? 0, money(row.previousRevenueCents ?? 0)] : []),
        ]),
      };
    case 'types':
      return {
        title: 'Orders by type',
        columns: ['Type', 'Orders', 'Revenue'],
        rows: report.byType.map((row) => [
          orderTypeLabel(row.type),
          row.orders,
          money(row.revenueCents),
        ]),
      };
    case 'statuses':
      return {
        title: 'Orders by status',
        columns: ['Status', 'Type', 'Orders', 'Total'],
        rows: report.byStatus.map((row) => [
          statusLabel(row.status as OrderStatus, row.type as OrderType),
          orderTypeLabel(row.type),
          row.orders,
          money(row.totalCents),
        ]),
      };
    case 'products-revenue':
      return rankedTable('Top 10 products by revenue', 'Product', report.topProductsByRevenue);
    case 'products-units':
      return rankedTable('Top 10 products by units', 'Product', report.topProductsByUnits);
    case 'categories-revenue':
      return rankedTable('Top 10 categories by revenue', 'Category', report.topCategoriesByRevenue);
    case 'categories-units':
      return rankedTable('Top 10 categories by units', 'Category', report.topCategoriesByUnits);
    case 'promotions':
      return {
        title: 'Promotions used',
        columns: ['Promotion', 'Orders', 'Discount given'],
        rows: report.promotions.map((row) => [row.code, row.orders, money(row.discountCents)]),
      };
    case 'heatmap': {
      const cells = new Map(report.heatmap.map((c) => [`${c.weekday}-${c.hour}`, c.orders]));
      return {
        title: 'Orders by weekday and hour',
        columns: ['Weekday', ...Array.from({ length: 24 }, (_, hour) => hourLabel(hour))],
        rows: [1, 2, 3, 4, 5, 6, 0].map((weekday) => [
          WEEKDAY_NAMES[weekday]!,
          ...Array.from({ length: 24 }, (_, hour) => cells.get(`${weekday}-${hour}`) ?? 0),
        ]),
      };
    }
    case 'returns': {
      const r = report.returns;
      return {
        title: 'Returns and voids',
        columns: ['What', 'Count', 'Units', 'Amount'],
        rows: [
          ['Voided (cancelled) orders', r.voided.orders, '', money(r.voided.totalCents)],
          [
            'Deliveries returned undelivered',
            r.returnedUndelivered.orders,
            '',
            money(r.returnedUndelivered.totalCents),
          ],
          [
            'Returns after handover',
            r.returnedAfterHandover.returns,
            r.returnedAfterHandover.units,
            money(r.returnedAfterHandover.goodsCents),
          ],
        ],
      };
    }
  }
}

/** The tax report's lines as one table: the form, its line and the figure. */
export function taxTable(report: TaxReport): ReportTable {
  return {
    title: `Tax report, ${report.label}`,
    columns: ['Form', 'Line', 'What', 'Amount'],
    rows: report.returnLines.map((line) => [line.form, line.line, line.label, money(line.cents)]),
  };
}
