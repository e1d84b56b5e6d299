import { BOGO50_ONE_OZ_HINT } from '@shared/constants';
import { formatCents, formatCentsShort, formatPercent } from '@shared/money';
import { showsBogo50Hint } from '@shared/pricing';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { LoaderCircle, Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
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
  const { products, promotion, orderType, lines, pricing, zone, limits } = useCheckoutPricing();
  const { place, placing } = usePlaceOrder();
  const plus = pricing.hasUnpricedItems ? '+' : '';
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

      {products.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : (
        <dl className="flex flex-col gap-2 text-sm">
          <Row
            label="Subtotal"
            value={`${formatCents(pricing.subtotalCents)}${plus}`}
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
                  -{formatCents(pricing.discountCents)}
                </dd>
              </div>
            )
          )}
          <Row
            label={orderType === 'pickup' ? 'Delivery Fee (pickup)' : 'Delivery Fee'}
            value={formatCents(pricing.feeCents)}
            testId="summary-fee"
          />
          {pricing.taxes.map((tax) => (
            <Row
              key={tax.name}
              label={`${tax.name} (${formatPercent(tax.ratePercent)})`}
              value={formatCents(tax.amountCents)}
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
