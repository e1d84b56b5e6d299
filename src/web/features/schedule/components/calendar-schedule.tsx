import {
  type AvailabilitySettings,
  formatDateOnly,
  parseDateOnly,
  planCheckWindow,
  planOverride,
  planRestore,
  planUncheckWindow,
  schedulingDates,
} from '@shared/availability';
import { formatDollars } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import type { ScheduleSlot } from '@shared/schemas/schedule';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { clsx } from 'clsx';
import {
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import {
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  MapPin,
  Pencil,
  Phone,
  RotateCcw,
  ShieldBan,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  type DayStatus,
  dayStatus,
  dayWindows,
  ordersByWindow,
  restoreKind,
  scheduledOrderCount,
} from '../day-schedule';
import { useSchedulePlan } from '../hooks/use-schedule-plan';
import { EditDeliveryDialog } from './edit-delivery-dialog';

const WEEK_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const STATUS_TEXT: Record<DayStatus, string> = {
  weekly: 'Follows weekly schedule',
  custom: 'Custom day',
  closed: 'No deliveries',
};

const STATUS_DOT: Record<DayStatus, string> = {
  weekly: 'bg-emerald-500',
  custom: 'bg-amber-400',
  closed: 'bg-transparent',
};

/** Scheduled orders on a day: sky blue, a colour no availability dot uses. */
const ORDER_BADGE =
  'absolute -top-1 -right-1 grid h-4 min-w-4 place-items-center rounded-full bg-sky-400 px-1 text-[10px] font-bold text-black';

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      <li className="flex items-center gap-1.5">
        <span className="h-2 w-2 rounded-full bg-emerald-500" /> Weekly schedule
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2 w-2 rounded-full bg-amber-400" /> Custom day
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2 w-2 rounded-full border border-line" /> No deliveries
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-4 rounded border-b-2 border-primary" /> Bookable by shoppers (14
        days)
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="grid h-4 min-w-4 place-items-center rounded-full bg-sky-400 px-1 text-[10px] font-bold text-black"
        >
          2
        </span>{' '}
        Scheduled orders
      </li>
    </ul>
  );
}

function MonthCalendar({
  month,
  onMonth,
  selected,
  onSelect,
  today,
  slots,
  settings,
  orders,
}: {
  month: Date;
  onMonth: (month: Date) => void;
  selected: string;
  onSelect: (date: string) => void;
  today: string;
  slots: ScheduleSlot[];
  settings: AvailabilitySettings;
  orders: Order[];
}) {
  const bookable = useMemo(() => new Set(schedulingDates(today)), [today]);
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: 1 }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: 1 }),
  });
  const thisMonth = startOfMonth(parseDateOnly(today));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          disabled={month <= thisMonth}
          onClick={() => onMonth(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </Button>
        <h3 className="font-semibold" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => onMonth(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>
      <table
        aria-label="Delivery calendar"
        className="w-full table-fixed border-separate border-spacing-1"
      >
        <thead>
          <tr>
            {WEEK_LABELS.map((label) => (
              <th
                key={label}
                scope="col"
                className="pb-1 text-center text-xs font-semibold text-muted"
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: days.length / 7 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((day) => {
                const date = formatDateOnly(day);
                const past = date < today;
                const status = dayStatus(date, slots, settings);
                const count = scheduledOrderCount(orders, date);
                const isSelected = date === selected;
                return (
                  <td key={date} className="p-0">
                    <button
                      type="button"
                      data-date={date}
                      disabled={past}
                      aria-pressed={isSelected}
                      onClick={() => onSelect(date)}
                      className={clsx(
                        'relative flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-xl text-sm tabular-nums transition-colors',
                        'disabled:cursor-not-allowed disabled:opacity-30',
                        !isSameMonth(day, month) && 'opacity-50',
                        isSelected
                          ? 'bg-primary font-bold text-primary-fg'
                          : 'hover:bg-surface-2 enabled:cursor-pointer',
                        date === today && !isSelected && 'ring-1 ring-primary ring-inset',
                      )}
                    >
                      {/* the name is the visible day number inside the full date, so speech and sight agree */}
                      <span>
                        {day.getDate()}
                        <span className="sr-only">
                          {format(day, ' MMMM yyyy, EEEE')}
                          {past ? '' : `: ${STATUS_TEXT[status]}`}
                          {count ? `, ${count} scheduled ${count === 1 ? 'order' : 'orders'}` : ''}
                        </span>
                      </span>
                      {/* a day that has passed is history: no availability dot */}
                      <span
                        aria-hidden="true"
                        className={clsx(
                          'h-1.5 w-1.5 rounded-full',
                          past
                            ? 'bg-transparent'
                            : isSelected && status !== 'closed'
                              ? 'bg-primary-fg'
                              : STATUS_DOT[status],
                        )}
                      />
                      {bookable.has(date) && !isSelected && (
                        <span
                          aria-hidden="true"
                          className="absolute inset-x-2 bottom-0.5 h-0.5 rounded bg-primary/60"
                        />
                      )}
                      {count > 0 && (
                        <span
                          aria-hidden="true"
                          data-testid="day-order-count"
                          className={ORDER_BADGE}
                        >
                          {count}
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Legend />
    </div>
  );
}

function DayPanel({
  date,
  slots,
  settings,
}: {
  date: string;
  slots: ScheduleSlot[];
  settings: AvailabilitySettings;
}) {
  const { run, busy } = useSchedulePlan();
  const status = dayStatus(date, slots, settings);
  const windows = dayWindows(date, slots, settings);
  const label = format(parseDateOnly(date), 'EEEE, MMMM d');

  function toggle(window: string, offered: boolean) {
    if (offered) {
      const plan = planUncheckWindow(date, window, slots, settings);
      if (plan.create.length === 0 && plan.delete.length === 0) {
        toast({ title: 'Time slot is already unavailable', description: `${window} on ${label}` });
        return;
      }
      void run(plan, {
        title: 'Time slot removed',
        description: `${window} on ${label}`,
        variant: 'success',
      });
    } else {
      const plan = planCheckWindow(date, window, slots, settings);
      if (plan.create.length === 0 && plan.delete.length === 0) return;
      void run(plan, {
        title: 'Time slot added',
        description: `${window} on ${label}`,
        variant: 'success',
      });
    }
  }

  const restore = restoreKind(date, settings);

  return (
    <div className="flex flex-col gap-4" aria-busy={busy}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold">{label}</h3>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <span
              className={clsx(
                'h-2 w-2 rounded-full',
                STATUS_DOT[status],
                status === 'closed' && 'border border-line',
              )}
            />
            <span data-testid="day-status">{STATUS_TEXT[status]}</span>
          </p>
        </div>
        {status === 'custom' ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() =>
              void run(planRestore(date, slots), {
                title:
                  restore === 'restore' ? 'Weekly schedule restored' : 'Custom schedule cleared',
                description: label,
                variant: 'success',
              })
            }
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {restore === 'restore' ? 'Restore weekly schedule' : 'Clear custom schedule'}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() =>
              void run(planOverride(date, slots), {
                title: 'Weekly schedule overridden',
                description: `${label} no longer follows the weekly schedule.`,
                variant: 'success',
              })
            }
          >
            <ShieldBan aria-hidden="true" className="h-4 w-4" /> Override the weekly schedule
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">
        {status === 'custom'
          ? 'This date has its own windows. Check a window to offer it, uncheck to remove it.'
          : 'Checking or unchecking a window turns this date into a custom day.'}
      </p>
      <ul aria-label={`Delivery windows on ${label}`} className="grid gap-2 sm:grid-cols-2">
        {windows.map(({ window, offered, slot, weekly }) => (
          <li key={window}>
            <label
              className={clsx(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm transition-colors',
                offered
                  ? 'border-primary bg-primary/10'
                  : 'border-line bg-surface hover:bg-surface-2',
                busy && 'cursor-wait opacity-70',
              )}
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--primary)]"
                checked={offered}
                disabled={busy}
                onChange={() => toggle(window, offered)}
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium whitespace-nowrap tabular-nums">{window}</span>
                {(slot || (weekly && status !== 'custom')) && (
                  <span className="text-xs text-muted">
                    {slot ? `${slot.currentOrders}/${slot.maxOrders} booked` : 'Weekly schedule'}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ScheduledOrders({ date, orders }: { date: string; orders: Order[] }) {
  const groups = ordersByWindow(orders, date);
  const [editing, setEditing] = useState<Order | null>(null);
  return (
    <section aria-labelledby="scheduled-orders-title" className="flex flex-col gap-3">
      <h3 id="scheduled-orders-title" className="flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden="true" className="h-4 w-4 text-primary" />
        Scheduled Orders
      </h3>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No accepted orders scheduled for this date.
        </p>
      ) : (
        groups.map(([window, list]) => (
          <div key={window} className="flex flex-col gap-2">
            <h4 className="text-xs font-bold tracking-wider text-muted uppercase">{window}</h4>
            <ul className="flex flex-col gap-2">
              {list.map((order) => (
                <li
                  key={order.id}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-bg/40 p-3"
                >
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">
                      #{order.id} · {order.customer}
                      <span className="ml-2 font-normal text-muted tabular-nums">
                        {formatDollars(order.total)}
                      </span>
                    </p>
                    <p className="mt-1 flex items-center gap-1.5 text-muted">
                      <MapPin aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                      <span className="truncate">{order.address}</span>
                    </p>
                    <p className="flex items-center gap-1.5 text-muted">
                      <Phone aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                      <a href={`tel:${order.phone}`} className="hover:underline">
                        {order.phone}
                      </a>
                    </p>
                    {order.deliveryNotes && (
                      <p className="mt-1 text-xs text-muted italic">{order.deliveryNotes}</p>
                    )}
                  </div>
                  <Button variant="outline" size="sm" onClick={() => setEditing(order)}>
                    <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Delivery
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <EditDeliveryDialog order={editing} place="schedule" onClose={() => setEditing(null)} />
    </section>
  );
}

/** Calendar Schedule tab (spec §2.12, §4 day schedule). */
export function CalendarSchedule({
  slots,
  settings,
  orders,
}: {
  slots: ScheduleSlot[];
  settings: AvailabilitySettings;
  orders: Order[];
}) {
  const today = formatDateOnly(new Date());
  const [selected, setSelected] = useState(today);
  const [month, setMonth] = useState(() => startOfMonth(parseDateOnly(today)));
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <MonthCalendar
        month={month}
        onMonth={setMonth}
        selected={selected}
        onSelect={setSelected}
        today={today}
        slots={slots}
        settings={settings}
        orders={orders}
      />
      <div className="flex flex-col gap-6 lg:border-l lg:border-line lg:pl-6">
        <DayPanel date={selected} slots={slots} settings={settings} />
        <div className="border-t border-line pt-5">
          <ScheduledOrders date={selected} orders={orders} />
        </div>
      </div>
    </div>
  );
}
