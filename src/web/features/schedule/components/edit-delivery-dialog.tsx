import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateOnly } from '@shared/availability';
import { DELIVERY_WINDOWS } from '@shared/constants';
import { type Order, orderDeliverySchema } from '@shared/schemas/orders';
import { Button } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import {
  Field,
  fieldAria,
  inputClasses,
  selectClasses,
  textareaClasses,
} from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { useLastPresent } from '@web/hooks/use-last-present';
import { errorText } from '@web/lib/error-messages';
import { applyServerErrors } from '@web/lib/form-errors';
import { LoaderCircle } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateOrderDelivery } from '../api/schedule-api';

/** Where the dialog opens: the spec words its title and failure differently in each. */
export type DeliveryEditPlace = 'orders' | 'schedule';

const TEXTS = {
  orders: {
    title: () => 'Edit Delivery Schedule',
    description: (order: Order) => `Order #${order.id} · ${order.customer}`,
    failure: (error: unknown) => `Failed to update delivery details: ${errorText(error)}`,
  },
  schedule: {
    title: (order: Order) => `Order #${order.id}`,
    description: (order: Order) => `Edit the delivery of ${order.customer}'s order.`,
    failure: () => 'Failed to update delivery. Please try again.',
  },
} satisfies Record<DeliveryEditPlace, unknown>;

/** The server's delivery rules, plus the one only the browser knows: not before today. */
function deliveryFormSchema(today: string) {
  return orderDeliverySchema.refine((value) => value.deliveryDate >= today, {
    path: ['deliveryDate'],
    message: 'Choose today or a later date.',
  });
}
type DeliveryFormInput = z.input<ReturnType<typeof deliveryFormSchema>>;

/**
 * The Edit Delivery dialog of the orders panel (spec §2.10) and of the Schedule Manager's
 * calendar (§2.12): a date not in the past, one of the six windows, optional notes.
 */
export function EditDeliveryDialog({
  order,
  place,
  onClose,
}: {
  order: Order | null;
  place: DeliveryEditPlace;
  onClose: () => void;
}) {
  const shown = useLastPresent(order);
  const texts = TEXTS[place];
  return (
    <DialogFrame
      open={order !== null}
      onClose={onClose}
      size="sm"
      title={shown ? texts.title(shown) : 'Edit Delivery Schedule'}
      description={shown ? texts.description(shown) : undefined}
    >
      {shown && <DeliveryForm key={shown.id} order={shown} place={place} onDone={onClose} />}
    </DialogFrame>
  );
}

function initialWindow(order: Order): string {
  const current = order.deliveryTimeWindow ?? '';
  return (DELIVERY_WINDOWS as readonly string[]).includes(current) ? current : '';
}

function DeliveryForm({
  order,
  place,
  onDone,
}: {
  order: Order;
  place: DeliveryEditPlace;
  onDone: () => void;
}) {
  const id = useId();
  const today = formatDateOnly(new Date());
  const schema = useMemo(() => deliveryFormSchema(today), [today]);
  const savedDate = order.deliveryDate?.slice(0, 10) ?? '';
  const form = useForm<DeliveryFormInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      deliveryDate: savedDate >= today ? savedDate : '',
      deliveryTimeWindow: initialWindow(order),
      deliveryNotes: order.deliveryNotes ?? '',
    },
  });
  const mutation = useUpdateOrderDelivery();
  const { errors } = form.formState;
  const [date, timeWindow] = form.watch(['deliveryDate', 'deliveryTimeWindow']);
  const chosen = date !== '' && timeWindow !== '';

  const submit = form.handleSubmit((delivery) =>
    mutation.mutate(
      { id: order.id, delivery },
      {
        onSuccess: () => {
          toast({
            title: 'Delivery Updated',
            description: 'Order delivery details have been updated successfully.',
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          applyServerErrors(error, form.setError);
          toast({
            title: 'Error',
            description: TEXTS[place].failure(error),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  const dateError = date === '' ? undefined : errors.deliveryDate?.message;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label="Delivery date"
        htmlFor={`${id}-date`}
        error={dateError}
        hint="Past dates cannot be chosen."
      >
        <input
          id={`${id}-date`}
          type="date"
          data-autofocus
          min={today}
          className={inputClasses}
          {...fieldAria(`${id}-date`, dateError, true)}
          {...form.register('deliveryDate')}
        />
      </Field>
      <Field
        label="Time window"
        htmlFor={`${id}-window`}
        error={timeWindow === '' ? undefined : errors.deliveryTimeWindow?.message}
      >
        <select
          id={`${id}-window`}
          className={selectClasses}
          {...fieldAria(`${id}-window`, errors.deliveryTimeWindow?.message)}
          {...form.register('deliveryTimeWindow')}
        >
          <option value="" disabled>
            Select a time window
          </option>
          {DELIVERY_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Delivery notes"
        htmlFor={`${id}-notes`}
        hint="Optional"
        error={errors.deliveryNotes?.message}
      >
        <textarea
          id={`${id}-notes`}
          rows={3}
          className={textareaClasses}
          {...fieldAria(`${id}-notes`, errors.deliveryNotes?.message, true)}
          {...form.register('deliveryNotes')}
        />
      </Field>
      <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-line px-5 py-3">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!chosen || !form.formState.isValid || mutation.isPending}>
          {mutation.isPending && (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          )}
          Save
        </Button>
      </div>
    </form>
  );
}
