import { scheduleStats } from '@shared/schedule-stats';
import { Skeleton } from '@web/components/ui/skeleton';
import { clsx } from 'clsx';
import { CalendarDays, Clock, Info } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useScheduleData } from '../api/schedule-api';
import { CalendarSchedule } from './calendar-schedule';
import { ScheduleStatCards } from './schedule-stat-cards';
import { WeeklyAvailabilityForm } from './weekly-availability-form';

const TABS = [
  { id: 'weekly', label: 'Weekly Availability', icon: Clock },
  { id: 'calendar', label: 'Calendar Schedule', icon: CalendarDays },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Schedule Manager (/schedule, spec §2.12): content only, the dealer wrapper adds the sidebar. */
export default function ScheduleManagerPage() {
  const { slots, settings, orders } = useScheduleData();
  const [tab, setTab] = useState<TabId>('weekly');
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ weekly: null, calendar: null });
  const loaded = slots.isSuccess && settings.isSuccess;
  const stats = loaded ? scheduleStats(slots.data, settings.data?.availableDays ?? []) : null;

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'weekly' ? 'calendar' : 'weekly';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Schedule Manager</h1>
        <p className="mt-1 text-muted">
          Set the days and windows you deliver, and adjust single dates on the calendar.
        </p>
      </header>

      <ScheduleStatCards stats={stats} />

      <section className="overflow-hidden rounded-2xl border border-line bg-surface">
        <div
          role="tablist"
          aria-label="Schedule views"
          className="flex border-b border-line bg-surface-2/50 p-1.5"
        >
          {TABS.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              ref={(node) => {
                tabRefs.current[id] = node;
              }}
              type="button"
              role="tab"
              id={`schedule-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`schedule-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => setTab(id)}
              onKeyDown={onTabKey}
              className={clsx(
                'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold transition-colors',
                tab === id ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              <Icon aria-hidden="true" className="hidden h-4 w-4 sm:block" />
              {label}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`schedule-panel-${tab}`}
          aria-labelledby={`schedule-tab-${tab}`}
          className="p-4 sm:p-6"
        >
          {!loaded ? (
            slots.isError || settings.isError ? (
              <p role="alert" className="py-8 text-center text-danger">
                Could not load the schedule. Please try again later.
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                <Skeleton className="h-10" />
                <Skeleton className="h-32" />
              </div>
            )
          ) : tab === 'weekly' ? (
            <WeeklyAvailabilityForm settings={settings.data} />
          ) : (
            <CalendarSchedule
              slots={slots.data}
              settings={settings.data}
              orders={orders.data ?? []}
            />
          )}
        </div>
      </section>

      <p className="flex items-start gap-2 text-sm text-muted">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        Changes to your availability and schedule are visible to customers immediately.
      </p>
    </div>
  );
}
