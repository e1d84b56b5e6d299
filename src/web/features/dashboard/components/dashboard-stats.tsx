import { scheduleStats } from '@shared/schedule-stats';
import { useDealerSettings } from '@web/api/get-dealer-settings';
import { useOrders } from '@web/api/get-orders';
import { useProducts } from '@web/api/get-products';
import { usePromotions } from '@web/api/get-promotions';
import { useScheduleSlots } from '@web/api/get-schedule-slots';
import { ScheduleStatCards } from '@web/features/schedule/components/schedule-stat-cards';
import { clsx } from 'clsx';
import { ChevronRight, Clock, Package, Tag } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';

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
        tone="bg-warn/15 text-warn"
        target={targets.orders}
      />
      <SummaryCard
        label="Total Products"
        value={products.data?.length ?? dash}
        hint={`${inStock ?? 0} in stock`}
        icon={Package}
        tone="bg-info/15 text-info"
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

/** The schedule figures, as the Schedule Manager shows them. */
export function ScheduleStatsRow() {
  const slots = useScheduleSlots();
  const settings = useDealerSettings();
  const loaded = slots.isSuccess && settings.isSuccess;
  return (
    <ScheduleStatCards
      stats={loaded ? scheduleStats(slots.data, settings.data.availableDays) : null}
    />
  );
}
