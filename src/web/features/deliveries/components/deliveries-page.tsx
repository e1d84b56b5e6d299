import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '@shared/order-lifecycle';
import type { Order } from '@shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { deliveryKeys, useDeliveries } from '@web/api/get-deliveries';
import { Button } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { Field, textareaClasses } from '@web/components/ui/form-controls';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { checkIdAtDoor } from '@web/features/id-check/api/id-check-api';
import { HandoverDialog } from '@web/features/id-check/components/handover-dialog';
import { errorText } from '@web/lib/error-messages';
import { RotateCcw, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { type DeliveryUpdate, tryAgainLater, useUpdateDelivery } from '../api/delivery-mutations';
import { StopCard } from './stop-card';

/**
 * Not delivered: nobody home, try again later (the stop stays on the list,
 * the attempt is counted with a note); or bring it back to the shop, with the reason and, when
 * it helps, the driver's own words.
 */
function NotDeliveredDialog({
  order,
  initialReason,
  pending,
  onReturn,
  onTryLater,
  onClose,
}: {
  order: Order | null;
  initialReason: ReturnReason;
  pending: boolean;
  onReturn: (reason: ReturnReason, note: string) => void;
  onTryLater: (note: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReturnReason>(initialReason);
  const [note, setNote] = useState('');
  const nobodyHome = reason === 'nobody-home';
  return (
    <DialogFrame
      open={order !== null}
      onClose={onClose}
      size="sm"
      title={`Order #${order?.id ?? ''} not delivered`}
      description={
        nobodyHome
          ? 'Try again later keeps the stop on your list. Return to shop puts its products back on the shelf.'
          : 'The order goes back to the shop and its products back on the shelf.'
      }
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {nobodyHome && (
            <Button disabled={pending} onClick={() => onTryLater(note)}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Try again later
            </Button>
          )}
          <Button variant="danger" disabled={pending} onClick={() => onReturn(reason, note)}>
            Return to shop
          </Button>
        </div>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Why was it not delivered?</legend>
        {RETURN_REASONS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
          >
            <input
              type="radio"
              name="return-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="h-4 w-4 accent-[var(--primary)]"
            />
            {RETURN_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <Field
        label="Note (optional)"
        htmlFor={`${id}-note`}
        hint="e.g. Left a card, will call at 6"
        className="mt-3"
      >
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={300}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={textareaClasses}
        />
      </Field>
    </DialogFrame>
  );
}

/**
 * The driver's phone view, /driver: their stops in driving order, updated live
 * as the dispatcher assigns or takes them away.
 */
export default function DeliveriesPage() {
  const deliveries = useDeliveries();
  const update = useUpdateDelivery();
  const queryClient = useQueryClient();
  const [handingOver, setHandingOver] = useState<Order | null>(null);
  const [returning, setReturning] = useState<{ order: Order; reason: ReturnReason } | null>(null);

  const send = (change: DeliveryUpdate, done: string, after?: () => void) =>
    update.mutate(change, {
      onSuccess: () => {
        after?.();
        toast({ title: done });
      },
      onError: (error) => {
        after?.();
        toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
      },
    });

  const stops = deliveries.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <PageHeader
        title="Your deliveries"
        icon={<Truck aria-hidden="true" className="h-7 w-7 text-primary" />}
        description={
          deliveries.isSuccess
            ? `${stops.length} ${stops.length === 1 ? 'stop' : 'stops'}, in the order to drive them.`
            : 'Your stops, in the order to drive them.'
        }
      />
      {deliveries.isPending ? (
        <Skeleton className="h-96" />
      ) : deliveries.isError ? (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
          Could not load your deliveries: {errorText(deliveries.error)}
        </p>
      ) : stops.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-muted">
          No deliveries are assigned to you right now. New stops appear here as soon as a dispatcher
          assigns them.
        </p>
      ) : (
        <ol aria-label="Stops" className="flex flex-col gap-4">
          {stops.map((order, index) => (
            <StopCard
              key={order.id}
              order={order}
              stop={index + 1}
              busy={update.isPending && update.variables?.id === order.id}
              onStart={() =>
                send({ id: order.id, status: 'on the way' }, `Order #${order.id} is on its way.`)
              }
              onDelivered={() => setHandingOver(order)}
              onReturn={() => setReturning({ order, reason: 'nobody-home' })}
            />
          ))}
        </ol>
      )}
      <HandoverDialog
        order={handingOver}
        checkIdAt={checkIdAtDoor}
        handingOver={update.isPending}
        onClose={() => setHandingOver(null)}
        onHandOver={(signature, payment) =>
          handingOver &&
          send(
            {
              id: handingOver.id,
              status: 'completed',
              signature: signature ?? undefined,
              payment,
            },
            `Order #${handingOver.id} delivered.`,
            () => setHandingOver(null),
          )
        }
        onReturn={() => {
          if (!handingOver) return;
          setReturning({ order: handingOver, reason: 'id-failed' });
          setHandingOver(null);
        }}
      />
      <NotDeliveredDialog
        key={returning ? `${returning.order.id}-${returning.reason}` : 'none'}
        order={returning?.order ?? null}
        initialReason={returning?.reason ?? 'nobody-home'}
        pending={update.isPending}
        onClose={() => setReturning(null)}
        onReturn={(returnReason, note) =>
          returning &&
          send(
            {
              id: returning.order.id,
              status: 'returned',
              returnReason,
              ...(note.trim() ? { note: note.trim() } : {}),
            },
            `Order #${returning.order.id} is going back to the shop.`,
            () => setReturning(null),
          )
        }
        onTryLater={(note) => {
          if (!returning) return;
          const target = returning.order;
          tryAgainLater(target.id, note.trim()).then(
            () => {
              setReturning(null);
              void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
              toast({ title: `Order #${target.id} stays on your list to try again.` });
            },
            (error) =>
              toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
          );
        }}
      />
    </div>
  );
}
