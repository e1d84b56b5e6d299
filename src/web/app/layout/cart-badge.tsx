import { CART_BADGE_CAP } from '@shared/constants';
import { clsx } from 'clsx';

/** Spec §2.2: 99+ above 99. */
export function cartBadgeText(count: number): string {
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);
}

/** The count of items in the cart as a round badge; `className` gives its colours and place. */
export function CartBadge({
  count,
  testId,
  className,
}: {
  count: number;
  testId: string;
  className: string;
}) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        'grid h-7 min-w-7 place-items-center rounded-full text-xs font-bold',
        className,
      )}
    >
      {cartBadgeText(count)}
    </span>
  );
}
