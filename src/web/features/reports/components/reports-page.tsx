import { formatCents } from '@shared/money';
import {
  type DayRange,
  daysBetween,
  MAX_REPORT_DAYS,
  monthName,
  orderTypeLabel,
  PERIOD_LABELS,
  PERIOD_PRESETS,
  type PeriodPreset,
  presetRange,
  type ReportTable,
  type SalesReport,
  type SalesTableId,
  salesTable,
  type TaxReport,
  taxTable,
  WEEKDAY_NAMES,
} from '@shared/reports';
import { salesCsvHref, taxCsvHref, useSalesReport, useTaxReport } from '@web/api/get-reports';
import { buttonClasses } from '@web/components/ui/button';
import { PageLayout } from '@web/components/ui/page-layout';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { DayField, SelectField } from '@web/components/ui/value-fields';
import { WhenLoaded } from '@web/components/ui/when-loaded';
import { lazyComponent } from '@web/lib/lazy-component';
import { useShopClock } from '@web/lib/shop-clock';
import { BarChart3, Download, Landmark } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { ChartSpec } from './report-chart';

const ReportChart = lazyComponent(
  () => import('./report-chart'),
  <Skeleton className="h-64 w-full" />,
);

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const rangeLabel = (range: DayRange) =>
  range.from === range.to
    ? shortDay(range.from)
    : `${shortDay(range.from)} – ${shortDay(range.to)}, ${range.to.slice(0, 4)}`;

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

/** A table of a chart's numbers: scrolls sideways on a phone, reachable by keyboard. */
function DataTable({ table, id }: { table: ReportTable; id: string }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label={`${table.title}, numbers`}
      className="max-h-96 overflow-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption id={`${id}-caption`} className="sr-only">
          {table.title}
        </caption>
        <thead className="sticky top-0 bg-surface-2">
          <tr>
            {table.columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-3 py-2 text-left font-semibold whitespace-nowrap"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className="px-3 py-3 text-muted">
                Nothing in this period.
              </td>
            </tr>
          ) : (
            table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" className="min-w-24 px-3 py-2 text-left font-medium">
                      {cell}
                    </th>
                  ) : (
                    <td key={j} className="min-w-20 px-3 py-2">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

function CsvLink({ href, what }: { href: string; what: string }) {
  return (
    <a href={href} download className={buttonClasses('secondary', 'sm')}>
      <Download aria-hidden="true" className="h-4 w-4" />
      Download CSV<span className="sr-only"> of {what}</span>
    </a>
  );
}

function ChartPanel({
  id,
  table,
  csvHref,
  description,
  children,
}: {
  id: string;
  table: ReportTable;
  csvHref: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Panel
      id={id}
      title={table.title}
      description={description}
      actions={<CsvLink href={csvHref} what={table.title.toLowerCase()} />}
      className="min-w-0"
    >
      <div className="flex flex-col gap-4">
        {children}
        <DataTable table={table} id={id} />
      </div>
    </Panel>
  );
}

const bars = (
  name: string,
  rows: { label: string; value: number }[],
  format: 'money' | 'count',
): ChartSpec => ({ kind: 'bars', name, rows, format });

/** Orders per weekday and hour as shaded cells (the table under it has the numbers). */
function Heatmap({ report }: { report: SalesReport }) {
  const max = Math.max(1, ...report.heatmap.map((cell) => cell.orders));
  const cells = new Map(report.heatmap.map((c) => [`${c.weekday}-${c.hour}`, c.orders]));
  return (
    <div aria-hidden="true" className="overflow-x-auto">
      <div className="grid min-w-[36rem] grid-cols-[3rem_repeat(24,minmax(0,1fr))] gap-0.5 text-[0.65rem] text-muted">
        <span />
        {Array.from({ length: 24 }, (_, hour) => (
          <span key={hour} className="text-center">
            {hour % 3 === 0 ? hour : ''}
          </span>
        ))}
        {[1, 2, 3, 4, 5, 6, 0].map((weekday) => (
          <div key={weekday} className="contents">
            <span className="pr-1 text-right leading-5">{WEEKDAY_NAMES[weekday]!.slice(0, 3)}</span>
            {Array.from({ length: 24 }, (_, hour) => {
              const orders = cells.get(`${weekday}-${hour}`) ?? 0;
              return (
                <span
                  key={hour}
                  className="h-5 rounded-sm border border-line/40"
                  style={{
                    background:
                      orders === 0
                        ? 'var(--surface-2)'
                        : `color-mix(in srgb, var(--primary) ${Math.round(25 + (orders / max) * 75)}%, transparent)`,
                  }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

function Summary({ report }: { report: SalesReport }) {
  const previous = report.previousTotals;
  const cards = [
    {
      label: 'Revenue',
      value: formatCents(report.totals.revenueCents),
      now: report.totals.revenueCents,
      before: previous?.revenueCents,
    },
    {
      label: 'Orders',
      value: String(report.totals.orders),
      now: report.totals.orders,
      before: previous?.orders,
    },
    {
      label: 'Average order',
      value: formatCents(report.totals.averageOrderCents),
      now: report.totals.averageOrderCents,
      before: previous?.averageOrderCents,
    },
    {
      label: 'Discounts given',
      value: formatCents(report.totals.discountCents),
      now: report.totals.discountCents,
      before: previous?.discountCents,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="report-summary">
      {cards.map((card) => (
        <div
          key={card.label}
          className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4 shadow-sm"
        >
          <dt className="text-sm font-medium text-muted">{card.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{card.value}</dd>
          {report.previous && card.before !== undefined && (
            <dd className="text-xs text-muted">
              {change(card.now, card.before)} vs {rangeLabel(report.previous)}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

function SalesCharts({ report, range }: { report: SalesReport; range: DayRange }) {
  const table = (id: SalesTableId) => salesTable(report, id);
  /** One sales table's panel: its picture over the table, and the table's CSV, under one id. */
  const panel = (id: SalesTableId, picture: ReactNode, description?: string) => (
    <ChartPanel
      id={`report-${id}`}
      table={table(id)}
      csvHref={salesCsvHref(range, id)}
      description={description}
    >
      {picture}
    </ChartPanel>
  );
  const barsPanel = (id: SalesTableId, spec: ChartSpec, description?: string) =>
    panel(id, <ReportChart spec={spec} />, description);
  const ranked = (rows: SalesReport['topProductsByRevenue'], by: 'revenue' | 'units') =>
    rows.map((row) => ({
      label: row.name,
      value: by === 'revenue' ? row.revenueCents : row.units,
    }));
  const r = report.returns;
  return (
    <div className="flex flex-col gap-5">
      {barsPanel(
        'revenue',
        {
          kind: 'revenue',
          points: report.series.map((point) => ({
            label: report.bucket === 'hour' ? `${point.key}:00` : shortDay(point.key),
            revenueCents: point.revenueCents,
            orders: point.orders,
            previousRevenueCents: point.previousRevenueCents,
          })),
        },
        report.previous
          ? `Bars: revenue; line: orders; dashed: revenue of ${rangeLabel(report.previous)}.`
          : undefined,
      )}
      <div className="grid gap-5 xl:grid-cols-2">
        {barsPanel(
          'types',
          bars(
            'Orders',
            report.byType.map((row) => ({ label: orderTypeLabel(row.type), value: row.orders })),
            'count',
          ),
        )}
        {barsPanel(
          'statuses',
          bars(
            'Orders',
            table('statuses').rows.map((row, i) => ({
              label: `${row[0]} (${String(row[1]).split(' ')[0]})`,
              value: report.byStatus[i]!.orders,
            })),
            'count',
          ),
        )}
        {barsPanel(
          'products-revenue',
          bars('Revenue', ranked(report.topProductsByRevenue, 'revenue'), 'money'),
          'At the price each line sold for, before order discounts.',
        )}
        {barsPanel(
          'products-units',
          bars('Units', ranked(report.topProductsByUnits, 'units'), 'count'),
        )}
        {barsPanel(
          'categories-revenue',
          bars('Revenue', ranked(report.topCategoriesByRevenue, 'revenue'), 'money'),
        )}
        {barsPanel(
          'categories-units',
          bars('Units', ranked(report.topCategoriesByUnits, 'units'), 'count'),
        )}
        {barsPanel(
          'promotions',
          bars(
            'Discount given',
            report.promotions.map((row) => ({ label: row.code, value: row.discountCents })),
            'money',
          ),
        )}
        {barsPanel(
          'returns',
          bars(
            'Amount',
            [
              { label: 'Voided', value: r.voided.totalCents },
              { label: 'Undelivered', value: r.returnedUndelivered.totalCents },
              { label: 'Returned', value: r.returnedAfterHandover.goodsCents },
            ],
            'money',
          ),
          'Voids and undelivered returns by the day the order was placed; returns after handover by the day they were recorded.',
        )}
      </div>
      {panel(
        'heatmap',
        <Heatmap report={report} />,
        "Orders placed, by weekday and hour on the shop's clock; darker is busier.",
      )}
    </div>
  );
}

const CUSTOM_RANGE_ENDS = [
  { end: 'from', label: 'First day' },
  { end: 'to', label: 'Last day' },
] as const;

/** The last eight quarters and twelve months, newest first. */
function taxPeriods(today: string): { value: string; label: string }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarters: { value: string; label: string }[] = [];
  const months: { value: string; label: string }[] = [];
  for (let i = 0; i < 8; i++) {
    const index = year * 4 + Math.floor((month - 1) / 3) - i;
    const q = `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
    quarters.push({ value: q, label: `${q.slice(5)} ${q.slice(0, 4)}` });
  }
  for (let i = 0; i < 12; i++) {
    const index = year * 12 + month - 1 - i;
    const m = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    months.push({ value: m, label: `${monthName(m)} ${m.slice(0, 4)}` });
  }
  return [...quarters, ...months];
}

const TAX_REPORT: PanelHeading = {
  title: 'Tax report',
  description: "Sales handed over in the period (their sale day), as CDTFA's returns ask for them.",
  icon: <Landmark aria-hidden="true" className="h-5 w-5" />,
};

function TaxSection() {
  const id = useId();
  const today = useShopClock().date;
  const periods = taxPeriods(today);
  const [period, setPeriod] = useState(periods[0]!.value);
  const report = useTaxReport(period);
  return (
    <Panel
      id="report-taxes"
      {...TAX_REPORT}
      actions={<CsvLink href={taxCsvHref(period)} what="the tax report" />}
    >
      <div className="flex flex-col gap-4">
        <SelectField
          id={`${id}-period`}
          label="Month or quarter"
          value={period}
          onChange={setPeriod}
          className="sm:max-w-xs"
        >
          {(['Quarters', 'Months'] as const).map((group) => (
            <optgroup key={group} label={group}>
              {periods
                .filter((p) => p.value.includes('Q') === (group === 'Quarters'))
                .map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        <WhenLoaded query={report} what="The tax report" placeholderClassName="h-64 w-full">
          {(tax) => <TaxTables report={tax} />}
        </WhenLoaded>
      </div>
    </Panel>
  );
}

function TaxTables({ report }: { report: TaxReport }) {
  const money = formatCents;
  const months: ReportTable = {
    title: `Per month, ${report.label}`,
    columns: [
      'Month',
      'Sales',
      'Gross receipts subject to excise',
      'Excise',
      'Sales-tax base',
      'Sales tax',
      'Local cannabis tax',
      'Non-cannabis goods',
    ],
    rows: report.months.map((m) => [
      `${monthName(m.month)} ${m.month.slice(0, 4)}`,
      m.orders,
      money(m.exciseBaseCents),
      money(m.exciseCents),
      money(m.salesTaxBaseCents),
      money(m.salesTaxCents),
      money(m.localTaxCents),
      money(m.nonCannabisGoodsCents),
    ]),
  };
  const rates: ReportTable = {
    title: 'Sales tax per rate (delivery zone)',
    columns: ['Rate', 'Where', 'Sales', 'Base', 'Tax collected'],
    rows: report.salesTaxByRate.map((rate) => [
      rate.ratePercent === null ? 'None' : `${rate.ratePercent}%`,
      rate.zones.join(', '),
      rate.orders,
      money(rate.baseCents),
      money(rate.taxCents),
    ]),
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="font-semibold">{report.label}</span>: {report.totals.orders} sales handed
        over, {money(report.totals.totalCents)} collected; {report.voided.orders} voided.
      </p>
      <DataTable table={taxTable(report)} id="tax-lines" />
      <DataTable table={rates} id="tax-rates" />
      {report.months.length > 1 && <DataTable table={months} id="tax-months" />}
      <p className="text-xs text-muted">
        Forms: CDTFA's Cannabis Retailer Excise Tax Return (filed online) and CDTFA-401, State,
        Local, and District Sales and Use Tax Return (lines 1, 11 and 12; district rates on Schedule
        A2). Check each figure against your filing before you submit it.
      </p>
    </div>
  );
}

/**
 * The owner's Reports: "how did we do today?" with charts over a period, compared
 * with the one before, and "what do I owe CDTFA?" per month and quarter.
 */
export default function ReportsPage() {
  const id = useId();
  const today = useShopClock().date;
  const [preset, setPreset] = useState<PeriodPreset>('today');
  const [custom, setCustom] = useState<DayRange>({ from: `${today.slice(0, 8)}01`, to: today });
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const valid =
    Boolean(range.from && range.to) &&
    range.from <= range.to &&
    daysBetween(range.from, range.to) < MAX_REPORT_DAYS;
  const report = useSalesReport(valid ? range : null);

  return (
    <PageLayout
      title="Reports"
      icon={<BarChart3 aria-hidden="true" className="h-7 w-7 text-primary" />}
      description="Sales by day, hour, product and promotion, and the taxes to file, on the shop's calendar."
    >
      <section
        aria-label="Report period"
        className="grid gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-end sm:p-6"
      >
        <SelectField
          id={`${id}-preset`}
          label="Period"
          value={preset}
          onChange={(value) => setPreset(value as PeriodPreset)}
        >
          {PERIOD_PRESETS.map((value) => (
            <option key={value} value={value}>
              {PERIOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {preset === 'custom' ? (
          <div className="grid grid-cols-2 gap-4">
            {CUSTOM_RANGE_ENDS.map(({ end, label }) => (
              <DayField
                key={end}
                label={label}
                value={custom[end]}
                onChange={(day) => setCustom((c) => ({ ...c, [end]: day }))}
              />
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted" aria-live="polite">
            {rangeLabel(range)}
            {report.data?.previous && ` · compared with ${rangeLabel(report.data.previous)}`}
          </p>
        )}
        {!valid && (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            Choose a first day on or before the last day, at most a year apart.
          </p>
        )}
      </section>
      {valid && (
        <WhenLoaded query={report} what="The report" placeholderClassName="h-96 w-full">
          {(sales) => (
            <>
              <Summary report={sales} />
              <SalesCharts report={sales} range={range} />
            </>
          )}
        </WhenLoaded>
      )}
      <TaxSection />
    </PageLayout>
  );
}
