import { scheduleStats } from '@shared/schedule-stats';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { CalendarDays, Clock, Info } from 'lucide-react';
import { useState } from 'react';
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
  const loaded = slots.isSuccess && settings.isSuccess;
  const stats = loaded ? scheduleStats(slots.data, settings.data?.availableDays ?? []) : null;

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
        <Tabs value={tab} onValueChange={setTab}>
          <TabList
            aria-label="Schedule views"
            className="rounded-none border-0 border-b border-line bg-surface-2/50 p-1.5"
          >
            {TABS.map(({ id, label, icon: Icon }) => (
              <Tab key={id} value={id} className="min-h-11 rounded-xl">
                <Icon aria-hidden="true" className="hidden h-4 w-4 sm:block" />
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanel value={tab} className="p-4 sm:p-6">
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
          </TabPanel>
        </Tabs>
      </section>

      <p className="flex items-start gap-2 text-sm text-muted">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        Changes to your availability and schedule are visible to customers immediately.
      </p>
    </div>
  );
}
