/**
 * The Reports page's charts, drawn with Recharts. This module is loaded only by that
 * page, so the shoppers' bundle never carries the library. Colours are the theme's variables;
 * with reduced motion nothing animates. The numbers are in the table under each chart, so the
 * drawing itself is hidden from screen readers.
 */
import { formatCents, formatCentsShort } from '@shared/money';
import { useReducedMotion } from '@web/hooks/use-reduced-motion';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface RevenuePoint {
  label: string;
  revenueCents: number;
  orders: number;
  previousRevenueCents: number | null;
}

export type ChartSpec =
  | { kind: 'revenue'; points: RevenuePoint[] }
  | {
      kind: 'bars';
      rows: { label: string; value: number }[];
      format: 'money' | 'count';
      name: string;
    };

const AXIS = { stroke: 'var(--muted)', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--surface)',
    border: '1px solid var(--line)',
    borderRadius: 12,
    color: 'var(--fg)',
  },
  labelStyle: { color: 'var(--fg)', fontWeight: 600 },
  itemStyle: { color: 'var(--fg)' },
  cursor: { fill: 'var(--surface-2)' },
};

function RevenueChart({ points, animate }: { points: RevenuePoint[]; animate: boolean }) {
  const compare = points.some((p) => p.previousRevenueCents !== null);
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart
        accessibilityLayer={false}
        data={points}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke="var(--line)" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} stroke="var(--line)" minTickGap={16} />
        <YAxis
          yAxisId="money"
          tick={AXIS}
          stroke="var(--line)"
          width={64}
          tickFormatter={(v: number) => formatCentsShort(Math.round(v))}
        />
        <YAxis
          yAxisId="orders"
          orientation="right"
          tick={AXIS}
          stroke="var(--line)"
          width={32}
          allowDecimals={false}
        />
        <Tooltip
          {...tooltipStyle}
          formatter={(value, name) =>
            name === 'Orders' ? String(value) : formatCents(Number(value))
          }
        />
        <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 12 }} />
        <Bar
          yAxisId="money"
          dataKey="revenueCents"
          name="Revenue"
          fill="var(--primary)"
          radius={[4, 4, 0, 0]}
          isAnimationActive={animate}
        />
        {compare && (
          <Line
            yAxisId="money"
            dataKey="previousRevenueCents"
            name="Revenue, previous period"
            stroke="var(--muted)"
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={animate}
          />
        )}
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          stroke="var(--accent)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={animate}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

function Bars({ spec, animate }: { spec: ChartSpec & { kind: 'bars' }; animate: boolean }) {
  const height = Math.max(140, spec.rows.length * 44 + 40);
  const format = (v: number) =>
    spec.format === 'money' ? formatCentsShort(Math.round(v)) : String(v);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        accessibilityLayer={false}
        data={spec.rows}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
      >
        <CartesianGrid stroke="var(--line)" horizontal={false} />
        <XAxis
          type="number"
          tick={AXIS}
          stroke="var(--line)"
          tickFormatter={format}
          allowDecimals={false}
        />
        <YAxis
          type="category"
          dataKey="label"
          tick={AXIS}
          stroke="var(--line)"
          width={136}
          interval={0}
        />
        <Tooltip
          {...tooltipStyle}
          formatter={(value) =>
            spec.format === 'money' ? formatCents(Number(value)) : String(value)
          }
        />
        <Bar
          dataKey="value"
          name={spec.name}
          fill="var(--primary)"
          radius={[0, 4, 4, 0]}
          isAnimationActive={animate}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const animate = !useReducedMotion();
  // nothing to draw: the table under it says so
  if (spec.kind === 'bars' && spec.rows.every((row) => row.value === 0)) return null;
  return (
    <div aria-hidden="true" className="w-full min-w-0">
      {spec.kind === 'revenue' ? (
        <RevenueChart points={spec.points} animate={animate} />
      ) : (
        <Bars spec={spec} animate={animate} />
      )}
    </div>
  );
}
