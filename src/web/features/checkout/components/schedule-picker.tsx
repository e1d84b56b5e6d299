import {
  availableDates,
  availableWindows,
  firstAvailableDate,
  parseDateOnly,
  schedulingDates,
} from '@shared/availability';
import { useDealerSettings } from '@web/api/get-dealer-settings';
import { useScheduleSlots } from '@web/api/get-schedule-slots';
import { Skeleton } from '@web/components/ui/skeleton';
import { useShopClock } from '@web/lib/shop-clock';
import { clsx } from 'clsx';
import { format } from 'date-fns';
import { CalendarX2, Clock, Info } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useMemo } from 'react';
import { useCheckout } from '../checkout-context';

const WEEKDAY_HEADERS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Monday-first weekday index (0 = Monday). */
function mondayIndex(date: string): number {
  return (parseDateOnly(date).getDay() + 6) % 7;
}

const chip =
  'flex cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold transition-colors ' +
  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring ' +
  'border-line bg-surface-2 peer-hover:border-primary/60 ' +
  'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-fg ' +
  'peer-disabled:cursor-not-allowed peer-disabled:border-transparent peer-disabled:bg-transparent peer-disabled:text-muted/40 peer-disabled:line-through';

/** A radio button drawn as a chip: the invisible input lies over its label, which shows its state. */
function RadioChip({
  id,
  label,
  checkoutField,
  className,
  children,
  ...radio
}: {
  id: string;
  /** the input's accessible name when the chip's own text is too terse (the chip is then hidden) */
  label?: string;
  /** the checkout field Place Order brings the shopper to when it is missing */
  checkoutField?: string;
  /** the chip's size and layout */
  className: string;
  children: ReactNode;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'checked' | 'disabled' | 'onChange'
>) {
  return (
    <div className="relative">
      <input
        type="radio"
        id={id}
        {...radio}
        data-checkout-field={checkoutField}
        className="peer absolute inset-0 z-10 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
        aria-label={label}
      />
      <label htmlFor={id} aria-hidden={label ? true : undefined} className={clsx(chip, className)}>
        {children}
      </label>
    </div>
  );
}

/**
 * Scheduled delivery (spec §2.7, §4): a 14-day calendar starting today (weeks start on
 * Monday; past and unavailable days disabled), then the windows the shared rules offer.
 */
export function SchedulePicker() {
  const id = useId();
  const clock = useShopClock();
  const today = clock.date;
  const { choice, setDate, setTimeWindow } = useCheckout();
  const slots = useScheduleSlots();
  const settings = useDealerSettings();
  const loading = slots.isPending || settings.isPending;
  const slotList = slots.data ?? [];
  const settingsData = settings.data ?? null;

  const dates = useMemo(() => schedulingDates(today), [today]);
  const open = useMemo(
    () => new Set(loading ? [] : availableDates(today, slotList, settingsData, clock)),
    [loading, today, slotList, settingsData, clock],
  );
  const windows = useMemo(
    () => (choice.date ? availableWindows(choice.date, slotList, settingsData, clock) : []),
    [choice.date, slotList, settingsData, clock],
  );

  // the first available date is preselected
  useEffect(() => {
    if (loading || choice.date) return;
    const first = firstAvailableDate(today, slotList, settingsData, clock);
    if (first) setDate(first);
  }, [loading, choice.date, today, slotList, settingsData, clock, setDate]);

  // a window that stops being offered (other date, slot filled up) is cleared
  useEffect(() => {
    if (loading || !choice.timeWindow) return;
    if (!windows.includes(choice.timeWindow)) setTimeWindow(null);
  }, [loading, windows, choice.timeWindow, setTimeWindow]);

  if (loading) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }

  const notes = settingsData?.deliveryNotes?.trim() ? (
    <ShopDeliveryNotes text={settingsData.deliveryNotes.trim()} />
  ) : null;

  if (open.size === 0) {
    return (
      <div className="flex flex-col gap-3">
        {notes}
        <p
          className="flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-6 text-sm text-muted"
          role="status"
        >
          <CalendarX2 aria-hidden="true" className="h-5 w-5 shrink-0" />
          No available delivery dates at this time
        </p>
      </div>
    );
  }

  const leading = mondayIndex(dates[0]);
  const selectedLabel = choice.date ? format(parseDateOnly(choice.date), 'EEEE, MMMM d') : null;

  return (
    <div className="flex flex-col gap-5">
      {notes}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Delivery date</legend>
        <p className="-mt-1 mb-1 text-xs text-muted">
          {format(parseDateOnly(dates[0]), 'MMM d')} –{' '}
          {format(parseDateOnly(dates[dates.length - 1]), 'MMM d')}
        </p>
        <div className="grid grid-cols-7 gap-1.5 text-center" data-testid="delivery-calendar">
          {WEEKDAY_HEADERS.map((day) => (
            <span
              key={day}
              aria-hidden="true"
              className="pb-1 text-[0.7rem] font-semibold tracking-wide text-muted uppercase"
            >
              {day}
            </span>
          ))}
          {Array.from({ length: leading }, (_, i) => (
            <span key={`past-${i}`} aria-hidden="true" />
          ))}
          {dates.map((date) => {
            const day = parseDateOnly(date);
            const disabled = !open.has(date);
            return (
              <RadioChip
                key={date}
                id={`${id}-date-${date}`}
                name={`${id}-date`}
                value={date}
                checked={choice.date === date}
                disabled={disabled}
                onChange={() => setDate(date)}
                label={`${format(day, 'EEEE, MMMM d')}${date === today ? ' (today)' : ''}${disabled ? ', unavailable' : ''}`}
                className="h-12 flex-col gap-0 leading-tight sm:h-14"
              >
                <span className="text-base">{format(day, 'd')}</span>
                <span className="text-[0.65rem] font-medium">
                  {date === today ? 'Today' : format(day, 'MMM')}
                </span>
              </RadioChip>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 flex items-center gap-2 text-sm font-semibold">
          <Clock aria-hidden="true" className="h-4 w-4 text-muted" />
          Time window{selectedLabel ? ` for ${selectedLabel}` : ''}
        </legend>
        {windows.length === 0 ? (
          <p
            className="rounded-xl bg-surface-2 px-4 py-4 text-sm text-muted"
            role="status"
            tabIndex={-1}
            data-checkout-field="timeWindow"
          >
            No time slots available for this date
          </p>
        ) : (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {windows.map((window, index) => (
              <RadioChip
                key={window}
                id={`${id}-window-${window.replace(/\W+/g, '-')}`}
                name={`${id}-window`}
                value={window}
                checked={choice.timeWindow === window}
                onChange={() => setTimeWindow(window)}
                // Place Order brings the shopper here when Scheduled has no window yet
                checkoutField={index === 0 ? 'timeWindow' : undefined}
                className="h-11 px-1 text-center text-[0.78rem] whitespace-nowrap tabular-nums sm:text-sm"
              >
                {window}
              </RadioChip>
            ))}
          </div>
        )}
        {windows.length > 0 && !choice.timeWindow && (
          <p className="text-xs text-muted">Pick a time window to schedule your delivery.</p>
        )}
      </fieldset>
    </div>
  );
}

/** The dealer's weekly-availability notes ("Shown to shoppers when they schedule a delivery"). */
function ShopDeliveryNotes({ text }: { text: string }) {
  return (
    <aside
      aria-label="Delivery notes from the shop"
      className="flex items-start gap-2.5 rounded-xl border border-primary/30 bg-primary/8 px-3.5 py-3 text-sm"
    >
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
      <p className="whitespace-pre-line">{text}</p>
    </aside>
  );
}
