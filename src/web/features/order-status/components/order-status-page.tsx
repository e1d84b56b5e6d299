import type { OrderStatus, OrderType } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { isClosed, lifecycleSteps, progressIndex, statusLabel } from '@shared/order-lifecycle';
import { EXPIRED_ORDER_MESSAGE } from '@shared/order-limits';
import { useOrderStatus } from '@web/api/get-order-status';
import { useStoreProfile } from '@web/api/get-store-profile';
import { buttonClasses } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { ApiError } from '@web/lib/api-client';
import { orderWhen } from '@web/lib/order-when';
import { paths } from '@web/lib/paths';
import { telHref } from '@web/lib/phone';
import { clsx } from 'clsx';
import { Check, Phone } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { OrderLineName } from './order-line-name';
import { ReceiptLink } from './receipt-link';
import { ReceiptRow, TaxesAndTotal } from './receipt-rows';

function Progress({ status, orderType }: { status: OrderStatus; orderType: OrderType }) {
  const steps = lifecycleSteps(orderType);
  const reached = progressIndex(status, orderType);
  return (
    <ol
      aria-label="Order progress"
      className={clsx('grid gap-2', steps.length === 5 ? 'grid-cols-5' : 'grid-cols-4')}
    >
      {steps.map((step, index) => {
        const done = index <= reached;
        return (
          <li
            key={step}
            aria-current={index === reached ? 'step' : undefined}
            className="flex flex-col items-center gap-1.5 text-center text-xs font-semibold"
          >
            <span
              className={clsx(
                'grid h-8 w-8 place-items-center rounded-full border-2',
                done ? 'border-primary bg-primary text-primary-fg' : 'border-line text-muted',
              )}
            >
              {done ? <Check aria-hidden="true" className="h-4 w-4" /> : index + 1}
            </span>
            <span className={done ? 'text-fg' : 'text-muted'}>{statusLabel(step, orderType)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The shop's phone as a link a phone dials (store profile), when the shop has one. */
function CallTheShop() {
  const phone = useStoreProfile().data?.phone;
  if (!phone) return null;
  return (
    <a
      href={telHref(phone)}
      className="mt-2 inline-flex items-center gap-1.5 font-semibold text-primary underline"
    >
      <Phone aria-hidden="true" className="h-4 w-4" />
      Call the shop: {phone}
    </a>
  );
}

function ClosedNotice({ status, expired }: { status: OrderStatus; expired: boolean }) {
  return (
    <div
      role="status"
      data-testid="closed-notice"
      className="rounded-2xl border border-line bg-surface-2 p-4 text-sm"
    >
      <p>
        {status === 'returned'
          ? 'This order came back to the shop without being handed over. Call the shop if you would like it delivered again.'
          : expired
            ? EXPIRED_ORDER_MESSAGE
            : 'This order was cancelled by the shop. Call the shop if you have any questions.'}
      </p>
      <CallTheShop />
    </div>
  );
}

/** The driver came and found nobody home; the order stays on the way to you. */
function AttemptNotice({ attempts, note }: { attempts: number; note: string | null }) {
  return (
    <div role="status" className="rounded-2xl border border-warn/50 bg-warn/10 p-4 text-sm">
      <p>
        We tried to deliver {attempts === 1 ? 'once' : `${attempts} times`} and could not reach you
        {note ? ` (${note})` : ''}. We'll try again, or call the shop to arrange a time.
      </p>
      <CallTheShop />
    </div>
  );
}

/**
 * An order's status link, /o/<token>: works on any device without the shop's
 * cookie, and shows the progress, the window, the items and the totals; never the phone,
 * email or address.
 */
export default function OrderStatusPage() {
  const { token = '' } = useParams<{ token: string }>();
  const status = useOrderStatus(token);
  const order = status.data;
  useDocumentTitle(order ? `Order #${order.id} status` : 'Order status');

  if (status.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-xl" />;
  if (!order) {
    const unknown = status.error instanceof ApiError && status.error.status === 404;
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-8 text-center">
        <h1 className="text-2xl font-bold">
          {unknown ? 'This status link is not valid' : 'The status could not be loaded'}
        </h1>
        <p className="text-muted">
          {unknown
            ? 'Check that the whole link was copied, or find the order under Your Orders.'
            : 'Please try again in a moment.'}
        </p>
        <Link href={paths.orders} className={buttonClasses('outline', 'md')}>
          Your Orders
        </Link>
      </section>
    );
  }

  const when = orderWhen(order);

  return (
    <section
      aria-labelledby="order-status-title"
      className="mx-auto flex w-full max-w-xl flex-col gap-6 rounded-3xl border border-line bg-surface p-6 shadow-xl sm:p-8"
    >
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted">Hi {order.firstName || 'there'}, here is your order.</p>
        <h1 id="order-status-title" className="text-3xl font-black tracking-tight">
          Order #{order.id}
        </h1>
        <p className="text-sm font-semibold" data-testid="order-status-now">
          {statusLabel(order.status, order.orderType)} · {when}
        </p>
        {order.driverFirstName && (
          <p className="text-sm text-muted">
            {order.driverFirstName} is bringing your order. Have your ID ready: the driver checks
            that you are 21 or older.
          </p>
        )}
      </header>
      {isClosed(order.status) ? (
        <ClosedNotice status={order.status} expired={order.expiredAt !== null} />
      ) : (
        <Progress status={order.status} orderType={order.orderType} />
      )}
      {!isClosed(order.status) && order.status !== 'completed' && order.deliveryAttempts > 0 && (
        <AttemptNotice attempts={order.deliveryAttempts} note={order.attemptNote} />
      )}
      <ul aria-label="Items" className="flex flex-col gap-1.5 border-t border-line pt-4 text-sm">
        {order.items.map((item, index) => (
          <li key={`${item.id}-${index}`} className="flex justify-between gap-3">
            <OrderLineName item={item} className="min-w-0" />
            <span className="tabular-nums">
              {item.price < 0
                ? 'TBD'
                : item.price === 0
                  ? 'FREE'
                  : formatDollars(item.price * item.count)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-line pt-4 text-sm">
        {order.discountAmount > 0 && (
          <ReceiptRow
            label="Discount"
            amount={`-${formatDollars(order.discountAmount)}`}
            className="text-primary"
          />
        )}
        {order.orderType !== 'pickup' && (
          <ReceiptRow
            label="Delivery fee"
            amount={formatDollars(order.deliveryFee)}
            className="text-muted"
          />
        )}
        <TaxesAndTotal
          order={order}
          taxClassName="text-muted"
          totalClassName="text-base font-bold"
        />
      </dl>
      <ReceiptLink order={order} token={token} className="self-start text-sm" />
      <p className="text-xs text-muted">
        This page updates by itself. Anyone with this link can see this order's progress, so share
        it only with people you trust.
      </p>
    </section>
  );
}
