import { parseDeliveryHours } from '@shared/availability';
import { WEEKDAYS, WEEKLY_WINDOWS } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { Checkbox, textareaClasses } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { CalendarDays, Clock } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type ScheduleSettings, saveDealerSettings, useSlotCache } from '../api/schedule-api';

const DAY_NAMES = WEEKDAYS.map((d) => d[0].toUpperCase() + d.slice(1));

function Group({
  icon,
  title,
  hint,
  actions,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id={id} className="flex items-center gap-2 font-semibold">
            {icon}
            {title}
          </h3>
          <p className="text-sm text-muted">{hint}</p>
        </div>
        {actions}
      </div>
      {children}
    </fieldset>
  );
}

/** Weekly Availability tab (spec §2.12, §3 dealer_settings). */
export function WeeklyAvailabilityForm({ settings }: { settings: ScheduleSettings | null }) {
  const uid = useId();
  const cache = useSlotCache();
  const [days, setDays] = useState<string[]>(() =>
    DAY_NAMES.filter((d) =>
      (settings?.availableDays ?? []).some((x) => x.toLowerCase() === d.toLowerCase()),
    ),
  );
  const [windows, setWindows] = useState<string[]>(() =>
    parseDeliveryHours(settings?.deliveryHours),
  );
  const [notes, setNotes] = useState(settings?.deliveryNotes ?? '');
  const [saving, setSaving] = useState(false);

  const toggle = (list: string[], item: string, on: boolean, order: readonly string[]) =>
    order.filter((x) => (x === item ? on : list.includes(x)));

  async function save() {
    setSaving(true);
    try {
      const saved = await saveDealerSettings({
        availableDays: days,
        deliveryHours: JSON.stringify(WEEKLY_WINDOWS.filter((w) => windows.includes(w))),
        deliveryNotes: notes.trim() || null,
      });
      cache.setSettings(saved);
      toast({ title: 'Settings updated.', variant: 'success' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update settings. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void save();
      }}
    >
      <Group
        icon={<CalendarDays aria-hidden="true" className="h-4 w-4 text-primary" />}
        title="Available Days"
        hint="Days of the week you deliver."
        actions={
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDays(days.length === DAY_NAMES.length ? [] : [...DAY_NAMES])}
          >
            {days.length === DAY_NAMES.length ? 'Clear all' : 'Select all'}
          </Button>
        }
      >
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-7">
          {DAY_NAMES.map((day) => (
            <Checkbox
              key={day}
              label={day}
              checked={days.includes(day)}
              onChange={(on) => setDays(toggle(days, day, on, DAY_NAMES))}
            />
          ))}
        </div>
      </Group>

      <Group
        icon={<Clock aria-hidden="true" className="h-4 w-4 text-primary" />}
        title="Delivery Windows"
        hint="Time windows offered on every available day."
        actions={
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              setWindows(windows.length === WEEKLY_WINDOWS.length ? [] : [...WEEKLY_WINDOWS])
            }
          >
            {windows.length === WEEKLY_WINDOWS.length ? 'Clear all' : 'Select all'}
          </Button>
        }
      >
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {WEEKLY_WINDOWS.map((w) => (
            <Checkbox
              key={w}
              label={w}
              checked={windows.includes(w)}
              onChange={(on) => setWindows(toggle(windows, w, on, WEEKLY_WINDOWS))}
            />
          ))}
        </div>
      </Group>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${uid}-notes`} className="font-semibold">
          Delivery Notes
        </label>
        <p className="text-sm text-muted">Shown to shoppers when they schedule a delivery.</p>
        <textarea
          id={`${uid}-notes`}
          className={textareaClasses}
          rows={3}
          placeholder="e.g. Deliveries within 10 miles of downtown."
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>

      <div className="flex justify-end border-t border-line pt-4">
        <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto">
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
