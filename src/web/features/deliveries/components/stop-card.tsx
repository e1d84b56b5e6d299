import { formatDollars } from '@shared/money';
import { canStartDelivery, statusLabel } from '@shared/order-lifecycle';
import { lineQuantityWords } from '@shared/quantity';
import type { Order } from '@shared/schemas/orders';
import { Button } from '@web/components/ui/button';
import { mapsHref, telHref } from '@web/features/order-management/orders-logic';
import { orderWhen as when } from '@web/lib/order-when';
import { Clock, MapPin, Navigation, Phone, StickyNote } from 'lucide-react';

/**
 * One stop on the driver's route: where, who, when, what is in the bag and
 * what to collect, with the address and phone one tap from the maps and phone apps.
 */
export function StopCard({
  order,
  stop,
  busy,
  onStart,
  onDelivered,
  onReturn,
}: {
  order: Order;
  stop: number;
  busy: boolean;
  onStart: () => void;
  onDelivered: () => void;
  onReturn: () => void;
}) {
  const headingId = `stop-${order.id}`;
  const onTheWay = order.status === 'on the way';
  return (
    <li
      aria-labelledby={headingId}
      data-testid="delivery-stop"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            Stop {stop} · Order #{order.id}
          </p>
          <h2 id={headingId} className="text-xl font-bold break-words">
            {order.customer}
          </h2>
        </div>
        <span className="shrink-0 rounded-full border border-line bg-surface-2 px-2.5 py-1 text-xs font-semibold">
          {statusLabel(order.status, order.orderType)}
        </span>
      </header>

      {order.deliveryAttempts > 0 && (
        <p className="rounded-xl border border-warn/50 bg-warn/10 px-3 py-2 text-sm">
          Tried {order.deliveryAttempts === 1 ? 'once' : `${order.deliveryAttempts} times`}
          {order.attemptNote ? `: ${order.attemptNote}` : ''}
        </p>
      )}
      <div className="flex flex-col gap-2 text-sm">
        <a
          href={mapsHref(order.address)}
          target="_blank"
          rel="noreferrer"
          className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2 hover:border-primary"
        >
          <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
          <span className="min-w-0 flex-1 break-words">{order.address}</span>
          <Navigation aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
        </a>
        <a
          href={telHref(order.phone)}
          className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2 hover:border-primary"
        >
          <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
          <span>{order.phone}</span>
        </a>
        <p className="flex items-center gap-3 px-3 py-1 text-muted">
          <Clock aria-hidden="true" className="h-5 w-5 shrink-0" />
          <span className="text-fg">{when(order)}</span>
        </p>
        {order.deliveryNotes && (
          <p className="flex items-start gap-3 px-3 py-1 text-muted">
            <StickyNote aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span className="text-fg break-words">{order.deliveryNotes}</span>
          </p>
        )}
      </div>

      <div className="rounded-xl border border-line bg-bg/40">
        <h3 className="border-b border-line px-3 py-2 text-sm font-semibold">In the bag</h3>
        <ul className="divide-y divide-line text-sm">
          {order.items.map((item, index) => (
            <li
              key={`${item.id}-${item.quantity}-${index}`}
              className="flex justify-between gap-3 px-3 py-2"
            >
              <span className="min-w-0 break-words">
                {item.name}
                {(item.flavor || item.strainType) && (
                  <span className="text-muted">
                    {' '}
                    · {[item.flavor, item.strainType].filter(Boolean).join(' · ')}
                  </span>
                )}
              </span>
              <span className="shrink-0 font-medium whitespace-nowrap tabular-nums">
                {lineQuantityWords(item.quantity, item.count)}
              </span>
            </li>
          ))}
        </ul>
      </div>

      <p className="flex items-baseline justify-between rounded-xl bg-primary/10 px-3 py-2.5">
        <span className="text-sm font-semibold">Collect</span>
        <span className="text-2xl font-black tabular-nums">{formatDollars(order.total)}</span>
      </p>

      <div className="grid grid-cols-2 gap-2">
        {onTheWay ? (
          <Button size="lg" onClick={onDelivered} disabled={busy}>
            Delivered
          </Button>
        ) : canStartDelivery(order.status) ? (
          <Button size="lg" onClick={onStart} disabled={busy}>
            Start delivery
          </Button>
        ) : (
          <p className="flex items-center justify-center rounded-xl border border-dashed border-line px-2 text-center text-sm text-muted">
            Waiting for the shop to accept it
          </p>
        )}
        <Button size="lg" variant="outline" onClick={onReturn} disabled={busy}>
          Not delivered
        </Button>
      </div>
    </li>
  );
}
