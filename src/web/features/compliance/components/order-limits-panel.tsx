import { ORDER_LIMIT_DEFAULTS, type OrderLimits } from '@shared/order-limits';
import { type OrderLimitsBody, orderLimitsSchema } from '@shared/schemas/settings';
import type { DealerSettings } from '@web/api/get-dealer-settings';
import { TextField } from '@web/components/ui/form-controls';
import type { PanelHeading } from '@web/components/ui/panel';
import { SettingsForm } from '@web/components/ui/settings-form';
import { useTextFields } from '@web/hooks/use-text-fields';
import { labelledForm } from '@web/lib/form-errors';
import { toFormText } from '@web/lib/form-text';
import { Gauge } from 'lucide-react';
import { useDealerSettingsForm } from '../hooks/use-dealer-settings-form';
import { DealerSettingsPanel } from './dealer-settings-panel';

const HEADING: PanelHeading = {
  title: 'Order limits',
  description:
    'Keep one visitor from emptying the shelf or filling the calendar with orders nobody pays for.',
  icon: <Gauge aria-hidden="true" className="h-5 w-5" />,
};

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

const { fieldFor, resolver } = labelledForm(orderLimitsSchema, LABELS);

/** As the inputs hold them (text), so putting a value back leaves the form unchanged. */
const formValues = (settings: DealerSettings): OrderLimitsBody =>
  Object.fromEntries(FIELDS.map((field) => [field, toFormText(settings[field])]));

function OrderLimitsForm({ settings }: { settings: DealerSettings }) {
  const { form, formProps } = useDealerSettingsForm(settings, {
    toForm: formValues,
    resolver,
    fieldFor,
    what: 'order limits',
  });
  const field = useTextFields(form, LABELS);
  return (
    <SettingsForm
      {...formProps}
      saveLabel="Save Order Limits"
      note="Shoppers see the item and order caps in their cart; the defaults sit far above an ordinary order."
    >
      <div className="grid gap-4 md:grid-cols-3">
        {FIELDS.map((name) => (
          <TextField
            key={name}
            {...field(name)}
            hint={`${HINTS[name]} Default ${ORDER_LIMIT_DEFAULTS[name]}.`}
            inputMode="numeric"
          />
        ))}
      </div>
    </SettingsForm>
  );
}

/**
 * The dashboard's Order limits section: how much one order may take, how long a
 * placed order waits for the shop, and how many scheduled orders may wait at once.
 */
export function OrderLimitsPanel({ id }: { id: string }) {
  return <DealerSettingsPanel id={id} {...HEADING} Form={OrderLimitsForm} />;
}
