import { TIMERS } from '@shared/constants';
import { unitPrice } from '@shared/pricing';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRuleSet } from '@web/api/get-dealer-settings';
import { orderKeys } from '@web/api/get-orders';
import { productKeys, productsQueryOptions } from '@web/api/get-products';
import { scheduleSlotKeys } from '@web/api/get-schedule-slots';
import { toast } from '@web/components/ui/toast';
import { clearCart, repriceLines } from '@web/features/cart/cart-store';
import { noticeToChannel } from '@web/lib/channel-notices';
import { paths } from '@web/lib/paths';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  failureMessage,
  isPricesChanged,
  mayRetrySameKey,
  newIdempotencyKey,
  placeOrder,
} from '../api/place-order';
import { useCheckout } from '../checkout-context';
import { detailErrors, orderPayload, placementProblem } from '../checkout-rules';
import { clearCheckoutDraft, saveProfile } from '../profile';
import { setAppliedPromotion } from '../promo-store';
import { useCheckoutPricing } from './use-checkout-pricing';

/**
 * After a 409 Prices changed the stored line prices are stale: re-read the products and
 * store today's prices (free lines stay free), so the summary shows what the server will
 * charge and the next attempt can succeed.
 */
async function refreshPrices(queryClient: QueryClient) {
  try {
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    const products = await queryClient.fetchQuery({ ...productsQueryOptions(), staleTime: 0 });
    const byId = new Map(products.map((p) => [p.id, p]));
    repriceLines((line) => {
      const product = byId.get(line.id);
      return product && line.price !== 0 ? unitPrice(product, line.quantity) : undefined;
    });
  } catch (error) {
    console.warn('Could not refresh prices', error);
  }
}

/**
 * Spec §5 checks, then POST with an Idempotency-Key. A retry of the very same order
 * reuses the key so the server never creates it twice; any change gets a new key.
 */
export function usePlaceOrder() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { details, choice, setErrors } = useCheckout();
  const { cart, products, promotion, orderType, pricing, zone, limits, sameDayClosed } =
    useCheckoutPricing();
  const [placing, setPlacing] = useState(false);
  const ruleSet = useRuleSet();
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const place = async () => {
    if (placing) return;
    const problem = placementProblem({
      cart,
      products: products.data,
      details,
      choice,
      sameDayClosed,
      orderType,
      pricing,
      zone,
      limits,
    });
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      if (problem.field) {
        document.querySelector<HTMLElement>(`[data-checkout-field="${problem.field}"]`)?.focus();
      }
      return;
    }
    const refused = detailErrors(details, orderType, ruleSet);
    const [firstField] = Object.keys(refused) as (keyof typeof refused)[];
    setErrors(refused);
    if (firstField) {
      toast({
        title: 'Please check your details',
        description: refused[firstField] ?? '',
        variant: 'destructive',
      });
      document.querySelector<HTMLElement>(`[data-checkout-field="${firstField}"]`)?.focus();
      return;
    }
    const payload = orderPayload({ cart, details, choice, pricing, promotion });
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    setPlacing(true);
    try {
      const order = await placeOrder(payload, attempt.current.key);
      attempt.current = null;
      try {
        clearCart();
        setAppliedPromotion(null);
        saveProfile(details);
        clearCheckoutDraft();
      } catch (error) {
        console.error('Could not clear the cart after the order', error);
        window.setTimeout(() => window.location.reload(), TIMERS.reloadAfterFailedCartClearMs);
      }
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: scheduleSlotKeys.all });
      noticeToChannel('check-orders');
      const params = new URLSearchParams({
        order: String(order.id),
        name: payload.customer,
        type: orderType === 'pickup' ? 'pickup' : 'delivery',
        scheduled: String(orderType === 'scheduled'),
      });
      navigate(`${paths.thankYou}?${params.toString()}`);
    } catch (error) {
      toast({
        title: 'Order not placed',
        description: `Failed to place order: ${failureMessage(error)}`,
        variant: 'destructive',
      });
      // stock, prices or slots may have moved: show the shopper the current numbers
      void queryClient.invalidateQueries({ queryKey: scheduleSlotKeys.all });
      if (isPricesChanged(error)) void refreshPrices(queryClient);
      else void queryClient.invalidateQueries({ queryKey: productKeys.all });
      // the server remembers a refusal under its key: only a lost answer is retried with it
      if (!mayRetrySameKey(error)) attempt.current = null;
    } finally {
      setPlacing(false);
    }
  };

  return { place, placing };
}
