import { paths } from '@web/lib/paths';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { CartBadge } from './cart-badge';

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
        <CartBadge
          count={count}
          testId="cart-count"
          className="absolute -top-1 -right-1 bg-danger px-1.5 text-danger-fg ring-2 ring-bg"
        />
      )}
    </Link>
  );
}
