import { outTheDoorSummary } from '@shared/compliance/out-the-door';
import { BOGO50_ONE_OZ_HINT } from '@shared/constants';
import { formatCents, formatCentsShort, formatPercent } from '@shared/money';
import { showsBogo50Hint } from '@shared/pricing';
import { Button } from '@web/components/ui/button';
import { usePriceDisplay } from '@web/components/ui/price-tag';
import { Skeleton } from '@web/components/ui/skeleton';
import { orderWhen } from '@web/lib/order-when';
import { CalendarClock, LoaderCircle, Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCheckout } from '../checkout-context';
import { useCheckoutPricing } from '../hooks/use-checkout-pricing';
import { usePlaceOrder } from '../hooks/use-place-order';
import { LimitMeter } from './checkout-rules-notes';
import { PromoCodeForm } from './promo-code-form';
import { DeliveryTerms } from './shop-terms';

function Row({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Order Summary card: totals from the shared engine, promo entry, Place Order. */
export function OrderSummary() {
  const { products, promotion, orderType, lines, pricing, zone, limits, tax } =
    useCheckoutPricing();
  const { place, placing } = usePlaceOrder();
  const { choice } = useCheckout();
  const plus = pricing.hasUnpricedItems ? '+' : '';
  // "prices include taxes": the same total, split into taxed items and delivery
  const outTheDoor =
    usePriceDisplay().taxesIncluded && tax && pricing.taxes.length > 0
      ? outTheDoorSummary(pricing, tax)
      : null;
  const taxed = outTheDoor ? ' (incl. taxes)' : '';
  const minimumShort =
    pricing.minimumApplies && !pricing.minimumMet
      ? pricing.minimumCents - (pricing.subtotalCents - pricing.discountCents)
      : 0;

  return (
    <section
      aria-labelledby="order-summary-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-summary-title" className="text-lg font-bold">
        Order Summary
      </h2>

      {showsBogo50Hint(lines) && (
        <p
          data-testid="bogo50-hint"
          className="flex items-start gap-2 rounded-xl border border-accent/50 bg-accent/10 px-3 py-2 text-sm font-medium"
        >
          <Sparkles aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
          {BOGO50_ONE_OZ_HINT}
        </p>
      )}

      <PromoCodeForm />

      <p className="flex items-center gap-2 text-sm font-medium" data-testid="summary-when">
        <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
        {choice.mode === 'scheduled' && orderType !== 'scheduled'
          ? 'Scheduled delivery: choose a date and time window'
          : orderWhen({
              orderType,
              deliveryDate: choice.date,
              deliveryTimeWindow: choice.timeWindow,
            })}
      </p>

      {products.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : (
        <dl className="flex flex-col gap-2 text-sm">
          <Row
            label={outTheDoor ? `Items${taxed}` : 'Subtotal'}
            value={`${formatCents(outTheDoor?.itemsCents ?? pricing.subtotalCents)}${plus}`}
            testId="summary-subtotal"
          />
          {promotion && promotion.discountType === 'freebie' ? (
            // a freebie takes no money off: the line says what comes free instead of "-$0.00"
            <div className="flex items-baseline justify-between gap-4 text-primary">
              <dt>Free item ({promotion.promoCode})</dt>
              <dd className="text-right font-semibold" data-testid="summary-free-item">
                {promotion.freebieProduct?.name ?? 'Free item'}
              </dd>
            </div>
          ) : (
            promotion && (
              <div className="flex items-baseline justify-between gap-4 text-primary">
                <dt>Discount ({promotion.promoCode})</dt>
                <dd className="font-semibold tabular-nums" data-testid="summary-discount">
                  -{formatCents(outTheDoor?.discountCents ?? pricing.discountCents)}
                </dd>
              </div>
            )
          )}
          <Row
            label={orderType === 'pickup' ? 'Delivery Fee (pickup)' : `Delivery Fee${taxed}`}
            value={formatCents(outTheDoor?.deliveryCents ?? pricing.feeCents)}
            testId="summary-fee"
          />
          {!outTheDoor &&
            pricing.taxes.map((line) => (
              <Row
                key={line.name}
                label={`${line.name} (${formatPercent(line.ratePercent)})`}
                value={formatCents(line.amountCents)}
                testId="summary-tax"
              />
            ))}
          <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-line pt-3 text-base">
            <dt className="font-bold">Total</dt>
            <dd className="text-2xl font-extrabold tabular-nums" data-testid="summary-total">
              {formatCents(pricing.totalCents)}
              {plus}
            </dd>
          </div>
          {outTheDoor && (
            <div className="flex flex-col gap-0.5 text-xs text-muted">
              <dt>Your total includes</dt>
              {pricing.taxes.map((line) => (
                <dd key={line.name} className="flex justify-between gap-4">
                  <span>
                    {line.name} ({formatPercent(line.ratePercent)})
                  </span>
                  <span className="tabular-nums" data-testid="summary-tax">
                    {formatCents(line.amountCents)}
                  </span>
                </dd>
              ))}
            </div>
          )}
        </dl>
      )}

      {pricing.hasUnpricedItems && (
        <p className="text-xs text-muted">
          Bulk items are priced by the dealer; we'll contact you with the final total.
        </p>
      )}
      {orderType !== 'pickup' && <DeliveryTerms />}
      {minimumShort > 0 && zone.kind !== 'outside' && (
        <p className="rounded-xl bg-surface-2 px-3 py-2 text-xs text-muted">
          Delivery orders need {formatCentsShort(pricing.minimumCents)} of products. Add{' '}
          {formatCents(minimumShort)} more, or choose Pickup.
        </p>
      )}
      <LimitMeter limits={limits} />

      <Button
        size="lg"
        className="w-full"
        onClick={() => void place()}
        disabled={placing}
        aria-busy={placing}
      >
        {placing ? (
          <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
        ) : (
          <Lock aria-hidden="true" className="h-4 w-4" />
        )}
        {placing ? 'Placing Order...' : 'Place Order'}
      </Button>
    </section>
  );
}
