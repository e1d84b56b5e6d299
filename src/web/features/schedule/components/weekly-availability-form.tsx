import { parseDeliveryHours } from '@shared/availability';
import { WEEKDAYS, WEEKLY_WINDOWS } from '@shared/constants';
import {
  type DealerSettingsBody,
  type DealerSettingsFields,
  dealerSettingsSchema,
} from '@shared/schemas/settings';
import { Button } from '@web/components/ui/button';
import { Checkbox, fieldAria, textareaClasses } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { CalendarDays, Clock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ScheduleSettings, saveDealerSettings, useSlotCache } from '../api/schedule-api';

const DAY_NAMES = WEEKDAYS.map((d) => d[0].toUpperCase() + d.slice(1));

/**
 * A titled group of checkboxes over fixed options, with a button that selects them all or
 * clears them; what is chosen stays in the options' order.
 */
function ChecklistGroup({
  icon,
  title,
  hint,
  options,
  chosen,
  onChange,
  gridClassName,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  options: readonly string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  gridClassName: string;
}) {
  const id = useId();
  const all = chosen.length === options.length;
  const toggle = (option: string, on: boolean) =>
    onChange(options.filter((x) => (x === option ? on : chosen.includes(x))));
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
        <Button variant="ghost" size="sm" onClick={() => onChange(all ? [] : [...options])}>
          {all ? 'Clear all' : 'Select all'}
        </Button>
      </div>
      <div className={gridClassName}>
        {options.map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={chosen.includes(option)}
            onChange={(on) => toggle(option, on)}
          />
        ))}
      </div>
    </fieldset>
  );
}

interface AvailabilityValues {
  availableDays: string[];
  windows: string[];
  deliveryNotes: string;
}

/** The form's choices as the settings body, judged by the server's own settings schema. */
const availabilitySchema = z
  .custom<AvailabilityValues>()
  .transform(
    (values): DealerSettingsBody => ({
      availableDays: values.availableDays,
      deliveryHours: JSON.stringify(WEEKLY_WINDOWS.filter((w) => values.windows.includes(w))),
      deliveryNotes: values.deliveryNotes,
    }),
  )
  .pipe(dealerSettingsSchema);

const availabilityResolver = schemaResolver(availabilitySchema, {
  fieldFor: (path) =>
    path === 'deliveryNotes' ? 'deliveryNotes' : path === 'deliveryHours' ? 'windows' : undefined,
  sentence: labelledSentence({ deliveryNotes: 'Delivery notes', deliveryHours: 'Windows' }),
});

/** Weekly Availability tab (spec §2.12, §3 dealer_settings). */
export function WeeklyAvailabilityForm({ settings }: { settings: ScheduleSettings | null }) {
  const uid = useId();
  const cache = useSlotCache();
  const form = useForm<AvailabilityValues, unknown, DealerSettingsFields>({
    defaultValues: {
      availableDays: DAY_NAMES.filter((d) =>
        (settings?.availableDays ?? []).some((x) => x.toLowerCase() === d.toLowerCase()),
      ),
      windows: parseDeliveryHours(settings?.deliveryHours),
      deliveryNotes: settings?.deliveryNotes ?? '',
    },
    resolver: availabilityResolver,
    reValidateMode: 'onChange',
  });
  const days = form.watch('availableDays');
  const windows = form.watch('windows');
  const { errors, isSubmitting: saving } = form.formState;
  const setDays = (next: string[]) => form.setValue('availableDays', next, { shouldDirty: true });
  const setWindows = (next: string[]) => form.setValue('windows', next, { shouldDirty: true });

  async function save(body: DealerSettingsFields) {
    try {
      const saved = await saveDealerSettings(body);
      cache.setSettings(saved);
      toast({ title: 'Settings updated.', variant: 'success' });
    } catch (error) {
      if (
        applyServerErrors(error, form.setError, (path) =>
          path === 'deliveryNotes' ? path : undefined,
        ) > 0
      )
        return;
      toast({
        title: 'Error',
        description: 'Failed to update settings. Please try again.',
        variant: 'destructive',
      });
    }
  }

  const notesError = errors.deliveryNotes?.message;

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(event) => {
        if (saving) return event.preventDefault();
        void form.handleSubmit(save)(event);
      }}
    >
      <ChecklistGroup
        icon={<CalendarDays aria-hidden="true" className="h-4 w-4 text-primary" />}
        title="Available Days"
        hint="Days of the week you deliver."
        options={DAY_NAMES}
        chosen={days}
        onChange={setDays}
        gridClassName="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2"
      />

      <ChecklistGroup
        icon={<Clock aria-hidden="true" className="h-4 w-4 text-primary" />}
        title="Delivery Windows"
        hint="Time windows offered on every available day."
        options={WEEKLY_WINDOWS}
        chosen={windows}
        onChange={setWindows}
        gridClassName="grid gap-2 sm:grid-cols-2 xl:grid-cols-4"
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${uid}-notes`} className="font-semibold">
          Delivery Notes
        </label>
        <p id={`${uid}-notes-hint`} className="text-sm text-muted">
          Shown to shoppers when they schedule a delivery.
        </p>
        <textarea
          id={`${uid}-notes`}
          className={textareaClasses}
          rows={3}
          placeholder="e.g. Deliveries within 10 miles of downtown."
          {...fieldAria(`${uid}-notes`, notesError, true)}
          {...form.register('deliveryNotes')}
        />
        {notesError && (
          <p id={`${uid}-notes-error`} className="text-xs font-medium text-danger">
            {notesError}
          </p>
        )}
      </div>

      <div className="flex justify-end border-t border-line pt-4">
        <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto">
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
