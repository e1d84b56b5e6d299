import { paths } from '@web/lib/paths';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { cartBadgeText } from './cart-badge';

export function FloatingCartButton({ count }: { count: number }) {
  return (
    <Link
      href={paths.cart}
      data-floating="cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="fixed right-4 bottom-4 z-30 grid h-16 w-16 place-items-center rounded-full bg-primary text-primary-fg shadow-xl shadow-black/40 transition-transform hover:scale-105 sm:right-6 sm:bottom-6"
      style={{ marginBottom: 'env(safe-area-inset-bottom)' }}
    >
      <ShoppingCart aria-hidden="true" className="h-7 w-7" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -top-1 -right-1 grid h-7 min-w-7 place-items-center rounded-full bg-danger px-1.5 text-xs font-bold text-danger-fg ring-2 ring-bg"
        >
          {cartBadgeText(count)}
        </span>
      )}
    </Link>
  );
}
