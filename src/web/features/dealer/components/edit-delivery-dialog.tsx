import { DELIVERY_WINDOWS } from '@shared/constants';
import type { Order } from '@shared/types';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { toast } from '@web/components/ui/toast';
import { format } from 'date-fns';
import { CalendarClock, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useUpdateOrderDelivery } from '../api/order-mutations';
import { useLastPresent } from '../hooks/use-last-present';
import { errorText } from '../orders-logic';
import { Field, inputClasses, selectClasses, textareaClasses } from './ui-controls';

const today = () => format(new Date(), 'yyyy-MM-dd');

/** Spec §2.10, §5: date (not in the past), one of six windows, optional notes. */
export function EditDeliveryDialog({
  order,
  onClose,
}: {
  order: Order | null;
  onClose: () => void;
}) {
  const shown = useLastPresent(order);
  return (
    <Modal open={order !== null} onClose={onClose} label="Edit Delivery Schedule">
      {shown && <EditDeliveryForm key={shown.id} order={shown} onClose={onClose} />}
    </Modal>
  );
}

function EditDeliveryForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const id = useId();
  const min = today();
  const [date, setDate] = useState(
    order.deliveryDate && order.deliveryDate >= min ? order.deliveryDate : '',
  );
  const [window_, setWindow] = useState(
    (DELIVERY_WINDOWS as readonly string[]).includes(order.deliveryTimeWindow ?? '')
      ? (order.deliveryTimeWindow as string)
      : '',
  );
  const [notes, setNotes] = useState(order.deliveryNotes ?? '');
  const mutation = useUpdateOrderDelivery();
  const pastDate = date !== '' && date < min;
  const ready = date !== '' && window_ !== '' && !pastDate;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) {
      toast({
        title: 'Missing information',
        description: 'Please fill in all required delivery details.',
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(
      {
        id: order.id,
        input: { deliveryDate: date, deliveryTimeWindow: window_, deliveryNotes: notes.trim() },
      },
      {
        onSuccess: () => {
          toast({
            title: 'Delivery Updated',
            description: 'Order delivery details have been updated successfully.',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to update delivery details: ${errorText(error)}`,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] flex-col gap-4 overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl"
    >
      <div className="flex items-center gap-3">
        <span className="grid h-10 w-10 place-items-center rounded-xl bg-primary/15 text-primary">
          <CalendarClock aria-hidden="true" className="h-5 w-5" />
        </span>
        <div>
          <h2 className="text-lg font-bold">Edit Delivery Schedule</h2>
          <p className="text-sm text-muted">
            Order #{order.id} · {order.customer}
          </p>
        </div>
      </div>
      <Field
        label="Delivery date"
        htmlFor={`${id}-date`}
        error={pastDate ? 'Choose today or a later date.' : null}
      >
        <input
          id={`${id}-date`}
          type="date"
          data-autofocus
          min={min}
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-invalid={pastDate || undefined}
          className={inputClasses}
        />
      </Field>
      <Field label="Time window" htmlFor={`${id}-window`}>
        <select
          id={`${id}-window`}
          required
          value={window_}
          onChange={(e) => setWindow(e.target.value)}
          className={selectClasses}
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
      <Field label="Delivery notes" htmlFor={`${id}-notes`} hint="Optional">
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className={textareaClasses}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || mutation.isPending}>
          {mutation.isPending && (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          )}
          Save
        </Button>
      </div>
    </form>
  );
}
