import type { ScheduleStats } from '@shared/schedule-stats';
import { Skeleton } from '@web/components/ui/skeleton';
import { CalendarCheck, CalendarDays, type LucideIcon, Package, Users } from 'lucide-react';

const CARDS: { key: keyof ScheduleStats; label: string; hint: string; icon: LucideIcon }[] = [
  {
    key: 'totalSlots',
    label: 'Total Slots',
    hint: 'delivery windows on the calendar',
    icon: CalendarDays,
  },
  {
    key: 'bookedSlots',
    label: 'Booked Slots',
    hint: 'windows with at least one order',
    icon: CalendarCheck,
  },
  { key: 'totalOrders', label: 'Total Orders', hint: 'orders booked into windows', icon: Package },
  { key: 'availableDays', label: 'Available Days', hint: 'weekdays you deliver', icon: Users },
];

/** The four schedule figures (spec §2.12), the same on the dashboard and the Schedule Manager. */
export function ScheduleStatCards({ stats }: { stats: ScheduleStats | null }) {
  return (
    <section aria-label="Schedule overview" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ key, label, hint, icon: Icon }) => (
        <div
          key={key}
          className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4"
        >
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <p className="text-xs leading-tight font-medium text-muted">{label}</p>
            {stats === null ? (
              <Skeleton className="mt-1 h-6 w-10" />
            ) : (
              <p className="text-2xl font-bold tabular-nums">{stats[key]}</p>
            )}
            <p className="text-[0.7rem] leading-snug text-muted">{hint}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
