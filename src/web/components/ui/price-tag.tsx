import { BULK_PRICE } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { clsx } from 'clsx';

/** A price with the regular price struck through when a lower sale price applies. */
export function PriceTag({
  price,
  regular,
  size = 'md',
  className,
}: {
  /** what the shopper pays (sale if any); -1 = Bulk, 0 = FREE */
  price: number;
  regular?: number;
  size?: 'md' | 'lg';
  className?: string;
}) {
  if (price === BULK_PRICE) {
    return <span className={clsx('font-semibold text-muted', className)}>Contact for Pricing</span>;
  }
  const onSale = regular !== undefined && regular > price;
  return (
    <span className={clsx('inline-flex items-baseline gap-2', className)}>
      <span
        className={clsx(
          'font-bold tabular-nums',
          size === 'lg' ? 'text-3xl' : 'text-lg',
          onSale ? 'text-accent' : 'text-fg',
        )}
      >
        {price === 0 ? 'FREE' : formatDollars(price)}
      </span>
      {onSale && (
        <span
          className={clsx(
            'text-muted line-through tabular-nums',
            size === 'lg' ? 'text-lg' : 'text-sm',
          )}
        >
          <span className="sr-only">was </span>
          {formatDollars(regular)}
        </span>
      )}
    </span>
  );
}
