import { clsx } from 'clsx';
import { CalendarClock, Store, Truck } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useCheckout } from '../checkout-context';
import type { DeliveryMode } from '../checkout-rules';
import type { ContactDetails } from '../profile';
import { SchedulePicker } from './schedule-picker';

const fieldClasses =
  'w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-fg placeholder:text-muted/70';

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
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children}
    </div>
  );
}

/** Spec §2.7: name, phone, email, address and the Same-Day / Scheduled / Pickup tabs. */
export function CustomerDeliveryCard() {
  const id = useId();
  const { details, setDetail, choice, setMode } = useCheckout();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pickup = choice.mode === 'pickup';
  const input = (field: keyof ContactDetails) => ({
    id: `${id}-${field}`,
    name: field,
    'data-checkout-field': field,
    value: details[field],
    onChange: (event: { target: { value: string } }) => setDetail(field, event.target.value),
  });

  // WAI-ARIA tabs: arrows move and select, Home/End jump
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setMode(TABS[next].mode);
    tabRefs.current[next]?.focus();
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Your Details
      </h2>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name">
          <input {...input('name')} autoComplete="name" className={clsx(fieldClasses, 'h-11')} />
        </Field>
        <Field id={`${id}-phone`} label="Phone">
          <input
            {...input('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className={clsx(fieldClasses, 'h-11')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-email`} label="Email" optional>
            <input
              {...input('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              className={clsx(fieldClasses, 'h-11')}
            />
          </Field>
        </div>
      </div>

      <div className="flex flex-col gap-4">
        <h3 className="text-base font-bold" id={`${id}-delivery-title`}>
          Delivery
        </h3>
        <div
          role="tablist"
          aria-labelledby={`${id}-delivery-title`}
          className="grid grid-cols-3 gap-1 rounded-2xl bg-surface-2 p-1"
        >
          {TABS.map((tab, index) => {
            const selected = choice.mode === tab.mode;
            return (
              <button
                key={tab.mode}
                ref={(el) => {
                  tabRefs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.mode}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setMode(tab.mode)}
                onKeyDown={(event) => onTabKey(event, index)}
                className={clsx(
                  'flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-2 text-center transition-colors',
                  selected ? 'bg-primary text-primary-fg shadow-sm' : 'text-fg hover:bg-line/60',
                )}
              >
                {tab.icon}
                <span className="text-sm font-bold leading-tight">{tab.label}</span>
                <span
                  className={clsx(
                    'text-[0.7rem] leading-tight',
                    selected ? 'opacity-80' : 'text-muted',
                  )}
                >
                  {tab.hint}
                </span>
              </button>
            );
          })}
        </div>

        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${choice.mode}`}
          className="flex flex-col gap-4"
        >
          {choice.mode === 'same-day' && (
            <p className="text-sm text-muted">We'll contact you today to arrange your delivery.</p>
          )}
          {pickup && (
            <p className="text-sm text-muted">
              Pull up on us: we'll prepare your order and send pickup instructions. No delivery fee
              and no minimum.
            </p>
          )}
          {!pickup && (
            <Field id={`${id}-address`} label="Delivery address">
              <input
                {...input('address')}
                autoComplete="street-address"
                className={clsx(fieldClasses, 'h-11')}
              />
            </Field>
          )}
          {choice.mode === 'scheduled' && <SchedulePicker />}
          <Field id={`${id}-deliveryNotes`} label={pickup ? 'Notes' : 'Delivery notes'} optional>
            <textarea
              {...input('deliveryNotes')}
              rows={2}
              placeholder={pickup ? 'Anything we should know?' : 'Gate code, landmarks...'}
              className={clsx(fieldClasses, 'resize-y py-2.5')}
            />
          </Field>
        </div>
      </div>
    </section>
  );
}
