import { lineStock } from '@shared/flavors';
import { orderCapsNote } from '@shared/order-limits';
import { canAddToCart } from '@shared/quantity';
import { useQueryClient } from '@tanstack/react-query';
import { useDealerSettings } from '@web/api/get-dealer-settings';
import { useProducts } from '@web/api/get-products';
import { Button, buttonClasses } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/lib/paths';
import { ArrowLeft, ShoppingBag, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  cartCount,
  clearCart,
  decrementLine,
  getCart,
  incrementLine,
  removeLine,
  restoreCart,
  useCart,
} from '../cart-store';
import { withinDailyLimits } from '../daily-limits';
import { limitedStockToast, removalFailedToast } from './card-cart-controls';
import { CartLineItem } from './cart-line-item';

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-line bg-surface px-6 py-16 text-center sm:py-24">
      <span className="grid h-20 w-20 place-items-center rounded-full bg-surface-2 text-primary">
        <ShoppingBag aria-hidden="true" className="h-10 w-10" />
      </span>
      <h2 className="text-2xl font-bold">Your cart is empty</h2>
      <p className="max-w-sm text-muted">Browse the menu and add something you like.</p>
      <Link href={paths.home} className={buttonClasses('primary', 'lg', 'mt-2')}>
        Start Shopping
      </Link>
    </div>
  );
}

/**
 * The cart (spec §2.7): lines with stock-checked steppers, Back to Shopping and
 * Clear Cart. Checkout is composed in by the route through `belowItems` and `aside`.
 */
export function CartPage({ belowItems, aside }: { belowItems?: ReactNode; aside?: ReactNode }) {
  const cart = useCart();
  const products = useProducts();
  const settings = useDealerSettings();
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const count = cartCount(cart);
  const queryClient = useQueryClient();

  const increment = (index: number) => {
    const line = getCart()[index];
    if (!line) return;
    const product = byId.get(line.id);
    if (!product) {
      limitedStockToast({ name: line.name });
      return;
    }
    const { stock, usedInCart } = lineStock(product, getCart(), line.flavor);
    if (!canAddToCart({ product: { stock }, quantity: line.quantity, usedInCart }).ok) {
      limitedStockToast(product);
      return;
    }
    void withinDailyLimits(queryClient, product, line.quantity).then(
      (allowed) => allowed && incrementLine(index, line.id),
    );
  };

  // Clear Cart sits beside Back to Shopping: one press empties it, and Undo brings it back
  const clear = () => {
    const held = clearCart();
    toast({
      title: 'Cart cleared',
      description: 'All items were removed from your cart.',
      durationMs: 8000,
      action: { label: 'Undo', onClick: () => restoreCart(held) },
    });
  };

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            <span className="brand-text">Your Cart</span>
          </h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {count === 0 ? 'No items yet' : `${count} ${count === 1 ? 'item' : 'items'}`}
          </p>
          {cart.length > 0 && settings.data && (
            <p className="mt-0.5 text-xs text-muted" data-testid="order-caps">
              {orderCapsNote(settings.data)}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Link href={paths.home} className={buttonClasses('outline', 'md')}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Shopping
          </Link>
          {cart.length > 0 && (
            <Button variant="ghost" onClick={clear} className="text-danger hover:bg-danger/15">
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Clear Cart
            </Button>
          )}
        </div>
      </div>

      {cart.length === 0 ? (
        <EmptyCart />
      ) : (
        // the checkout's tabs and Place Order run where the chat launcher floats: it moves
        // into the header here (styles.css, )
        <div
          data-bottom-actions
          data-checkout-form
          className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-6"
        >
          <div className="flex min-w-0 flex-col gap-5 sm:gap-6">
            <section
              aria-labelledby="cart-items-title"
              className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
            >
              <h2 id="cart-items-title" className="sr-only">
                Items in your cart
              </h2>
              <ul>
                {cart.map((item, index) => (
                  <CartLineItem
                    key={`${item.id}-${item.quantity}-${item.flavor ?? ''}-${item.strainType ?? ''}-${item.price === 0 ? 'free' : 'paid'}`}
                    item={item}
                    product={byId.get(item.id)}
                    productsLoaded={products.isSuccess}
                    onIncrement={() => increment(index)}
                    onDecrement={() => {
                      if (!decrementLine(index, item.id)) removalFailedToast();
                    }}
                    onRemove={() => {
                      if (!removeLine(index, item.id)) removalFailedToast();
                    }}
                  />
                ))}
              </ul>
            </section>
            {belowItems}
          </div>
          {aside && <div className="flex min-w-0 flex-col gap-5 lg:sticky lg:top-20">{aside}</div>}
        </div>
      )}
    </div>
  );
}
