import { formatDateOnly } from '@shared/availability';
import { DELIVERY_WINDOWS } from '@shared/constants';
import type { Order } from '@shared/types';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useId, useState } from 'react';
import { updateOrderDelivery, useSlotCache } from '../api/schedule-api';
import { DialogFrame } from './dialog-frame';
import { Field, inputClasses, textareaClasses } from './form-controls';

/** Edit Delivery dialog of the Schedule Manager (spec §2.12, §5 delivery edit). */
export function EditDeliveryDialog({
  open,
  order,
  session,
  onClose,
}: {
  open: boolean;
  order: Order | null;
  session: number;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="sm"
      title={order ? `Order #${order.id}` : 'Order'}
      description={order ? `Edit the delivery of ${order.customer}'s order.` : undefined}
    >
      {order && <DeliveryForm key={session} order={order} onDone={onClose} />}
    </DialogFrame>
  );
}

function DeliveryForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const uid = useId();
  const today = formatDateOnly(new Date());
  const cache = useSlotCache();
  const [date, setDate] = useState(order.deliveryDate?.slice(0, 10) ?? '');
  const [timeWindow, setTimeWindow] = useState(
    (DELIVERY_WINDOWS as readonly string[]).includes(order.deliveryTimeWindow ?? '')
      ? (order.deliveryTimeWindow as string)
      : '',
  );
  const [notes, setNotes] = useState(order.deliveryNotes ?? '');
  const [saving, setSaving] = useState(false);
  const complete = date !== '' && date >= today && timeWindow !== '' && !saving;

  async function submit() {
    if (!date || !timeWindow) {
      toast({
        title: 'Missing information',
        description: 'Please fill in all required delivery details.',
        variant: 'destructive',
      });
      return;
    }
    setSaving(true);
    try {
      const updated = await updateOrderDelivery(order.id, {
        deliveryDate: date,
        deliveryTimeWindow: timeWindow,
        deliveryNotes: notes.trim() || null,
      });
      cache.setOrder(updated);
      toast({
        title: 'Delivery Updated',
        description: 'Order delivery details have been updated successfully.',
        variant: 'success',
      });
      onDone();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update delivery. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) void submit();
      }}
    >
      <Field label="Delivery Date" htmlFor={`${uid}-date`} hint="Past dates cannot be chosen.">
        <input
          id={`${uid}-date`}
          type="date"
          className={inputClasses}
          min={today}
          value={date}
          data-autofocus
          onChange={(event) => setDate(event.target.value)}
        />
      </Field>
      <Field label="Time Window" htmlFor={`${uid}-window`}>
        <select
          id={`${uid}-window`}
          className={inputClasses}
          value={timeWindow}
          onChange={(event) => setTimeWindow(event.target.value)}
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
      <Field label="Delivery Notes" htmlFor={`${uid}-notes`} hint="Optional.">
        <textarea
          id={`${uid}-notes`}
          className={textareaClasses}
          rows={3}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </Field>
      <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-line px-5 py-3">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!complete}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
