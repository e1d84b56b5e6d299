import { useMyOrders } from '@web/api/get-my-orders';
import { buttonClasses } from '@web/components/ui/button';
import { TaxesAndTotal } from '@web/features/order-status/components/receipt-rows';
import { StatusLink } from '@web/features/order-status/components/status-link';
import { useTheme } from '@web/features/theme/theme-store';
import { paths } from '@web/lib/paths';
import { clsx } from 'clsx';
import { CalendarCheck, PartyPopper, ShoppingBag, Store } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { celebrate } from '../confetti';

export interface ThankYouParams {
  type: 'delivery' | 'pickup';
  name: string | null;
  order: string | null;
  scheduled: boolean;
}

export function readThankYouParams(search: string): ThankYouParams {
  const params = new URLSearchParams(search);
  return {
    type: params.get('type') === 'pickup' ? 'pickup' : 'delivery',
    name: params.get('name')?.trim() || null,
    order: params.get('order')?.trim() || null,
    scheduled: params.get('scheduled') === 'true',
  };
}

export function thankYouMessage({ type, scheduled }: Pick<ThankYouParams, 'type' | 'scheduled'>) {
  if (type === 'pickup')
    return "We'll prepare your order and contact you with pickup instructions soon.";
  if (scheduled)
    return "Your delivery has been scheduled. We'll contact you to confirm before delivery.";
  return "We'll be in touch to arrange delivery. Thank you for shopping with us!";
}

/** The link to follow the order from any device. */
function OrderStatusLink({ orderId }: { orderId: string }) {
  const orders = useMyOrders();
  const order = orders.data?.find((o) => String(o.id) === orderId);
  if (!order) return null;
  return (
    <p className="mt-4 text-sm">
      <StatusLink token={order.statusToken} orderId={order.id} />
    </p>
  );
}

/** A licensed shop's order states its taxes (nothing under the rule set none). */
function TaxReceipt({ orderId }: { orderId: string }) {
  const orders = useMyOrders();
  const order = orders.data?.find((o) => String(o.id) === orderId);
  if (!order || order.taxes.length === 0) return null;
  return (
    <dl
      className="mx-auto mt-5 flex w-full max-w-xs flex-col gap-1 text-sm"
      data-testid="thank-you-taxes"
    >
      <TaxesAndTotal
        order={order}
        taxClassName="gap-3 text-muted"
        totalClassName="gap-3 border-t border-line pt-1 font-bold"
      />
    </dl>
  );
}

/** Spec §2.9: confetti once, the thanks, the order number and what happens next. */
export function ThankYouPage() {
  const params = readThankYouParams(useSearch());
  const rainbow = useTheme() === 'theme-colorful';

  useEffect(() => celebrate(), []);

  const Icon = params.type === 'pickup' ? Store : params.scheduled ? CalendarCheck : PartyPopper;

  return (
    <div className="flex justify-center py-6 sm:py-12">
      <section
        aria-labelledby="thank-you-title"
        className={clsx(
          'relative w-full max-w-xl overflow-hidden rounded-3xl border bg-surface px-6 pt-10 pb-8 text-center shadow-xl sm:px-10 sm:pt-12',
          rainbow ? 'border-transparent' : 'border-line',
        )}
      >
        <div aria-hidden="true" className="rainbow-bar absolute inset-x-0 top-0 h-1.5" />
        <span
          className={clsx(
            'mx-auto grid h-20 w-20 place-items-center rounded-full',
            rainbow ? 'text-white' : 'bg-primary/15 text-primary',
          )}
          style={
            rainbow
              ? {
                  background:
                    'conic-gradient(#f87171, #fb923c, #facc15, #4ade80, #60a5fa, #c084fc, #f87171)',
                }
              : undefined
          }
        >
          <Icon aria-hidden="true" className="h-10 w-10" />
        </span>
        <h1
          id="thank-you-title"
          className="brand-text mt-6 text-4xl font-black tracking-tight sm:text-5xl"
        >
          Thank You!
        </h1>
        <p className="mt-3 text-lg font-semibold" data-testid="thank-you-greeting">
          {params.name ? `Thank you, ${params.name}!` : 'Your order has been placed successfully.'}
        </p>
        {params.order && (
          <p
            className="mt-4 inline-flex rounded-full border border-line bg-surface-2 px-4 py-1.5 text-sm font-bold tracking-wide tabular-nums"
            data-testid="thank-you-order"
          >
            Order #{params.order}
          </p>
        )}
        {params.order && <TaxReceipt orderId={params.order} />}
        {params.order && <OrderStatusLink orderId={params.order} />}
        <p className="mx-auto mt-5 max-w-md text-muted" data-testid="thank-you-message">
          {thankYouMessage(params)}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href={paths.home} className={buttonClasses('primary', 'lg')}>
            <ShoppingBag aria-hidden="true" className="h-5 w-5" />
            Continue Shopping
          </Link>
          <Link href={paths.orders} className={buttonClasses('outline', 'lg')}>
            View Your Orders
          </Link>
        </div>
      </section>
    </div>
  );
}
