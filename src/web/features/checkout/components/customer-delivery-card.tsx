import { sameDayClosedReason } from '@shared/availability';
import { useDealerSettings, useRuleSet } from '@web/api/get-dealer-settings';
import { Button } from '@web/components/ui/button';
import { contactInputHints } from '@web/components/ui/form-controls';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { useShopClock } from '@web/lib/shop-clock';
import { clsx } from 'clsx';
import { CalendarClock, Store, Truck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useCheckout } from '../checkout-context';
import type { DeliveryMode } from '../checkout-rules';
import { useDeliveryZone } from '../hooks/use-delivery-zone';
import type { ContactDetails } from '../profile';
import { DeliveryZoneNote } from './checkout-rules-notes';
import { SchedulePicker } from './schedule-picker';
import { PickupDetails } from './shop-terms';

const fieldClasses =
  'w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-fg placeholder:text-muted/70 aria-[invalid=true]:border-danger';
/** a one-line input */
const lineClasses = clsx(fieldClasses, 'h-11');

const TABS: { mode: DeliveryMode; label: string; hint: string; icon: ReactNode }[] = [
  {
    mode: 'same-day',
    label: 'Same-Day',
    hint: 'contact today',
    icon: <Truck aria-hidden="true" className="h-5 w-5" />,
  },
  {
    mode: 'scheduled',
    label: 'Scheduled',
    hint: 'pick date and time',
    icon: <CalendarClock aria-hidden="true" className="h-5 w-5" />,
  },
  {
    mode: 'pickup',
    label: 'Pickup',
    hint: 'pull-up on us',
    icon: <Store aria-hidden="true" className="h-5 w-5" />,
  },
];

function Field({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Spec §2.7: name, phone, email, address and the Same-Day / Scheduled / Pickup tabs. */
export function CustomerDeliveryCard() {
  const id = useId();
  const { details, setDetail, errors, choice, setMode } = useCheckout();
  const zone = useDeliveryZone();
  const ruleSet = useRuleSet();
  const settings = useDealerSettings().data;
  const clock = useShopClock();
  const sameDayClosed = settings ? sameDayClosedReason(settings, clock) : null;
  const pickup = choice.mode === 'pickup';
  const input = (field: keyof ContactDetails) => ({
    id: `${id}-${field}`,
    name: field,
    'data-checkout-field': field,
    value: details[field],
    onChange: (event: { target: { value: string } }) => setDetail(field, event.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Your Details
      </h2>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input {...input('name')} {...contactInputHints.name} className={lineClasses} />
        </Field>
        <Field id={`${id}-phone`} label="Phone" error={errors.phone}>
          <input {...input('phone')} {...contactInputHints.phone} className={lineClasses} />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-email`} label="Email" optional error={errors.email}>
            <input {...input('email')} {...contactInputHints.email} className={lineClasses} />
          </Field>
        </div>
      </div>

      <div className="flex flex-col gap-4">
        <h3 className="text-base font-bold" id={`${id}-delivery-title`}>
          Delivery
        </h3>
        <Tabs value={choice.mode} onValueChange={setMode} className="flex flex-col gap-4">
          <TabList look="cards" aria-labelledby={`${id}-delivery-title`}>
            {TABS.map((tab) => (
              <Tab key={tab.mode} value={tab.mode} look="cards">
                {tab.icon}
                <span className="text-sm font-bold leading-tight">{tab.label}</span>
                <span className="text-[0.7rem] leading-tight text-muted group-data-[state=active]:text-primary-fg">
                  {tab.hint}
                </span>
              </Tab>
            ))}
          </TabList>

          <TabPanel value={choice.mode} className="flex flex-col gap-4">
            {choice.mode === 'same-day' &&
              (sameDayClosed ? (
                <div
                  role="status"
                  className="flex flex-col gap-2 rounded-xl border border-warn/50 bg-warn/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <p>{sameDayClosed}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    data-checkout-field="deliveryMode"
                    onClick={() => setMode('scheduled')}
                  >
                    <CalendarClock aria-hidden="true" className="h-4 w-4" />
                    Schedule instead
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-muted">
                  We'll contact you today to arrange your delivery.
                </p>
              ))}
            {pickup && (
              <p className="text-sm text-muted">
                Pull up on us: we'll prepare your order and send pickup instructions. No delivery
                fee and no minimum.
              </p>
            )}
            {pickup && <PickupDetails />}
            {zone.asksPostalCode && (
              // the zone's fee, minimum and note before the rest of the address
              <div className="flex flex-col gap-2">
                <Field id={`${id}-postalCode`} label="Postal code" error={errors.postalCode}>
                  <input
                    {...input('postalCode')}
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={5}
                    className={clsx(fieldClasses, 'h-11 sm:max-w-40')}
                  />
                </Field>
                <DeliveryZoneNote zone={zone.lookup} />
              </div>
            )}
            {!pickup && (
              <Field
                id={`${id}-address`}
                label="Delivery address"
                hint={
                  ruleSet.deliveryState
                    ? `Street, city, state and ZIP, e.g. 12 Elm St, Oakland, ${ruleSet.deliveryState.code} 94612`
                    : undefined
                }
                error={errors.address}
              >
                <input
                  {...input('address')}
                  autoComplete="street-address"
                  className={lineClasses}
                />
              </Field>
            )}
            {choice.mode === 'scheduled' && <SchedulePicker />}
            <Field
              id={`${id}-deliveryNotes`}
              label={pickup ? 'Notes' : 'Delivery notes'}
              optional
              error={errors.deliveryNotes}
            >
              <textarea
                {...input('deliveryNotes')}
                rows={2}
                placeholder={pickup ? 'Anything we should know?' : 'Gate code, landmarks...'}
                className={clsx(fieldClasses, 'resize-y py-2.5')}
              />
            </Field>
          </TabPanel>
        </Tabs>
      </div>
    </section>
  );
}
