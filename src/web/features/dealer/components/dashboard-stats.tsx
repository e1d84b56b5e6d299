import { useDealerSettings } from '@web/api/get-dealer-settings';
import { useOrders } from '@web/api/get-orders';
import { useProducts } from '@web/api/get-products';
import { usePromotions } from '@web/api/get-promotions';
import { useScheduleSlots } from '@web/api/get-schedule-slots';
import { clsx } from 'clsx';
import {
  CalendarCheck,
  CalendarDays,
  ChevronRight,
  Clock,
  Layers,
  Package,
  PackageCheck,
  Tag,
} from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { scheduleStats } from '../schedule-stats';

function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}

function SummaryCard({
  label,
  value,
  hint,
  icon: Icon,
  tone,
  target,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
  target: string;
}) {
  return (
    <button
      type="button"
      onClick={() => scrollToSection(target)}
      className="group flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-3 text-left shadow-sm transition-colors hover:border-primary/60 hover:bg-surface-2/50 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <span
        className={clsx(
          'grid h-9 w-9 shrink-0 place-items-center rounded-xl sm:h-12 sm:w-12',
          tone,
        )}
      >
        <Icon aria-hidden className="h-5 w-5 sm:h-6 sm:w-6" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="order-2 text-xs leading-tight font-medium text-muted sm:order-1 sm:text-sm">
          {label}
        </span>
        <span className="order-1 text-2xl font-bold tabular-nums sm:order-2 sm:text-3xl">
          {value}
        </span>
        <span className="order-3 hidden truncate text-xs text-muted sm:block">{hint}</span>
      </span>
      <ChevronRight
        aria-hidden="true"
        className="hidden h-5 w-5 text-muted transition-transform group-hover:translate-x-0.5 sm:block"
      />
    </button>
  );
}

/** Spec §2.10: Pending Orders, Total Products, Active Promotions; each scrolls to its section. */
export function SummaryCards({
  targets,
}: {
  targets: { orders: string; products: string; promotions: string };
}) {
  const orders = useOrders();
  const products = useProducts();
  const promotions = usePromotions();
  const pending = orders.data?.filter((o) => o.status === 'pending').length;
  const inStock = products.data?.filter((p) => p.stock > 0).length;
  const active = promotions.data?.filter((p) => p.active).length;
  const dash = '–';
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <SummaryCard
        label="Pending Orders"
        value={pending ?? dash}
        hint={`${orders.data?.length ?? 0} orders in total`}
        icon={Clock}
        tone="bg-amber-500/15 text-amber-500"
        target={targets.orders}
      />
      <SummaryCard
        label="Total Products"
        value={products.data?.length ?? dash}
        hint={`${inStock ?? 0} in stock`}
        icon={Package}
        tone="bg-sky-500/15 text-sky-500"
        target={targets.products}
      />
      <SummaryCard
        label="Active Promotions"
        value={active ?? dash}
        hint={`${promotions.data?.length ?? 0} promotions in total`}
        icon={Tag}
        tone="bg-primary/15 text-primary"
        target={targets.promotions}
      />
    </div>
  );
}

function Stat({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-surface/70 px-4 py-3">
      <Icon aria-hidden className="h-5 w-5 shrink-0 text-muted" />
      <div className="min-w-0">
        <p className="text-xl leading-tight font-bold tabular-nums">{value}</p>
        <p className="truncate text-xs text-muted">{label}</p>
      </div>
    </div>
  );
}

/** The schedule figures: total slots, booked slots, orders in slots, available days. */
export function ScheduleStatsRow() {
  const slots = useScheduleSlots();
  const settings = useDealerSettings();
  const stats = scheduleStats(slots.data ?? [], settings.data?.availableDays);
  const loading = slots.isPending || settings.isPending;
  const value = (n: number) => (loading ? '–' : n);
  return (
    <section aria-label="Schedule overview" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Total slots" value={value(stats.totalSlots)} icon={Layers} />
      <Stat label="Slots with orders" value={value(stats.bookedSlots)} icon={CalendarCheck} />
      <Stat label="Scheduled orders" value={value(stats.totalOrders)} icon={PackageCheck} />
      <Stat label="Available days" value={value(stats.availableDays)} icon={CalendarDays} />
    </section>
  );
}
