import { formatDollars } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import { useMyOrders } from '@web/api/get-my-orders';
import { useSession } from '@web/api/get-session';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { OrderLineName } from '@web/features/order-status/components/order-line-name';
import { ReceiptLink } from '@web/features/order-status/components/receipt-link';
import { StatusLink } from '@web/features/order-status/components/status-link';
import { useAppMode } from '@web/lib/app-mode';
import { orderWhen } from '@web/lib/order-when';
import { paths } from '@web/lib/paths';
import { clsx } from 'clsx';
import { format } from 'date-fns';
import { ArrowLeft, CalendarClock, PackageOpen, Store, Truck } from 'lucide-react';
import { Link } from 'wouter';

/** Spec §4: pending yellow, processing blue, completed green, anything else grey. */
export function statusClasses(status: string): string {
  switch (status.toLowerCase()) {
    case 'pending':
      return 'bg-yellow-400 text-black';
    case 'processing':
      return 'bg-blue-600 text-white';
    case 'completed':
      return 'bg-green-500 text-black';
    default:
      return 'bg-surface-2 text-muted border border-line';
  }
}

function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort(
    (a, b) => new Date(b.date).getTime() - new Date(a.date).getTime() || b.id - a.id,
  );
}

function safeFormat(
  date: string,
  pattern: string,
  parse: (s: string) => Date = (s) => new Date(s),
) {
  try {
    const value = parse(date);
    return Number.isNaN(value.getTime()) ? date : format(value, pattern);
  } catch {
    return date;
  }
}

function OrderType({ order }: { order: Order }) {
  if (order.orderType === 'pickup' || order.address === 'PICKUP') {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Store aria-hidden="true" className="h-4 w-4" /> Pickup
      </span>
    );
  }
  if (order.deliveryDate) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        {orderWhen(order)}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5">
      <Truck aria-hidden="true" className="h-4 w-4" /> Same-day delivery
    </span>
  );
}

function OrderCard({ order }: { order: Order }) {
  const items = order.items ?? [];
  return (
    <li
      data-testid="order-card"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">Order #{order.id}</h2>
          <p className="text-sm text-muted">
            <time dateTime={order.date}>{safeFormat(order.date, "MMM d, yyyy 'at' h:mm a")}</time>
          </p>
        </div>
        <span
          data-testid="order-status"
          className={clsx(
            'inline-flex items-center rounded-full px-3 py-1 text-xs font-bold capitalize tracking-wide',
            statusClasses(order.status),
          )}
        >
          {order.status}
        </span>
      </div>
      {items.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3">
              <OrderLineName item={item} className="min-w-0 truncate" />
              {item.price === 0 && <span className="font-semibold text-primary">FREE</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-sm">
        <span className="text-muted">
          <OrderType order={order} />
        </span>
        <span className="flex flex-col items-end">
          <span className="text-base font-bold tabular-nums">{formatDollars(order.total)}</span>
          {order.taxes.length > 0 && (
            <span className="text-xs text-muted" data-testid="order-taxes">
              incl. {formatDollars(order.taxes.reduce((sum, tax) => sum + tax.amount, 0))} taxes
            </span>
          )}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <StatusLink token={order.statusToken} orderId={order.id} />
        <ReceiptLink order={order} />
      </div>
    </li>
  );
}

/** Spec §2.8: Your Orders, newest first; back to /dealer in dealer mode, else home. */
export function OrdersPage() {
  const orders = useMyOrders();
  const mode = useAppMode();
  const session = useSession();
  const dealer = mode === 'dealer' || session.data?.authenticated === true;
  const list = orders.data ? newestFirst(orders.data) : [];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 sm:gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          <span className="brand-text">Your Orders</span>
        </h1>
        <Link
          href={dealer ? paths.dealer : paths.home}
          className={buttonClasses('outline', 'md')}
          data-testid="orders-back"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {dealer ? 'Back to Dashboard' : 'Back to Shopping'}
        </Link>
      </div>

      {orders.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : orders.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface p-8 text-center"
        >
          <p className="font-semibold">We couldn't load your orders.</p>
          <Button variant="outline" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-line bg-surface px-6 py-16 text-center">
          <span className="grid h-20 w-20 place-items-center rounded-full bg-surface-2 text-primary">
            <PackageOpen aria-hidden="true" className="h-10 w-10" />
          </span>
          <p className="text-2xl font-bold">No orders yet</p>
          <Link href={paths.home} className={buttonClasses('primary', 'lg')}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}
