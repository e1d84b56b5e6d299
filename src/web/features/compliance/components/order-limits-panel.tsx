import { ORDER_LIMIT_DEFAULTS, type OrderLimits } from '@shared/order-limits';
import {
  type OrderLimitsBody,
  type OrderLimitsFields,
  orderLimitsSchema,
} from '@shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import {
  type DealerSettings,
  dealerSettingsQueryOptions,
  useDealerSettings,
} from '@web/api/get-dealer-settings';
import { Button } from '@web/components/ui/button';
import { Field, fieldAria, inputClasses } from '@web/components/ui/form-controls';
import { Panel } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { Gauge } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { saveOrderLimits } from '../api/save-compliance';

const LABELS: Record<keyof OrderLimits, string> = {
  maxLineCount: 'Most of one item per order',
  maxOrderSubtotal: 'Largest order ($, before discounts)',
  acceptWithinMinutes: 'Accept same-day and pickup orders within (minutes)',
  scheduledAcceptLeadMinutes: 'Accept scheduled orders before their window (minutes)',
  maxOpenScheduledPerPhone: 'Open scheduled orders per phone',
  maxPendingScheduledPerDay: 'Unaccepted scheduled orders per day (whole shop)',
};

const HINTS: Record<keyof OrderLimits, string> = {
  maxLineCount: 'The cart stops at this count of any one item.',
  maxOrderSubtotal: 'One unpaid order cannot take more of the shelf than this.',
  acceptWithinMinutes: 'Not accepted by then, the order is cancelled and its stock returns.',
  scheduledAcceptLeadMinutes: 'Not accepted by then, it is cancelled and its slot freed.',
  maxOpenScheduledPerPhone: 'Also per browser. Delivered or cancelled orders do not count.',
  maxPendingScheduledPerDay: 'Accepting orders makes room for more.',
};

type FieldName = keyof OrderLimits;
const FIELDS = Object.keys(LABELS) as FieldName[];

const fieldFor = (path: string) => (path in LABELS ? (path as FieldName) : undefined);
const resolver = schemaResolver(orderLimitsSchema, {
  fieldFor,
  sentence: labelledSentence(LABELS),
});

/** As the inputs hold them (text), so putting a value back leaves the form unchanged. */
const formValues = (settings: DealerSettings): OrderLimitsBody =>
  Object.fromEntries(FIELDS.map((field) => [field, String(settings[field])]));

function OrderLimitsForm({ settings }: { settings: DealerSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<OrderLimitsBody, unknown, OrderLimitsFields>({
    defaultValues: formValues(settings),
    resolver,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  async function save(values: OrderLimitsFields) {
    try {
      const saved = await saveOrderLimits(values);
      queryClient.setQueryData(dealerSettingsQueryOptions().queryKey, saved);
      form.reset(formValues(saved));
      toast({ title: 'Order limits saved.', variant: 'success' });
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      toast({
        title: 'Error',
        description: 'Failed to save the order limits. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="grid gap-4 md:grid-cols-3">
        {FIELDS.map((field) => {
          const fieldId = `${id}-${field}`;
          const error = errors[field]?.message;
          return (
            <Field
              key={field}
              label={LABELS[field]}
              htmlFor={fieldId}
              error={error}
              hint={`${HINTS[field]} Default ${ORDER_LIMIT_DEFAULTS[field]}.`}
            >
              <input
                id={fieldId}
                inputMode="numeric"
                className={inputClasses}
                {...fieldAria(fieldId, error, true)}
                {...form.register(field)}
              />
            </Field>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted">
          Shoppers see the item and order caps in their cart; the defaults sit far above an ordinary
          order.
        </p>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save Order Limits'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The dashboard's Order limits section (issue 38): how much one order may take, how long a
 * placed order waits for the shop, and how many scheduled orders may wait at once.
 */
export function OrderLimitsPanel({ id }: { id: string }) {
  const settings = useDealerSettings();
  return (
    <Panel
      id={id}
      title="Order limits"
      description="Keep one visitor from emptying the shelf or filling the calendar with orders nobody pays for."
      icon={<Gauge aria-hidden="true" className="h-5 w-5" />}
    >
      {settings.data ? (
        <OrderLimitsForm settings={settings.data} />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </Panel>
  );
}
