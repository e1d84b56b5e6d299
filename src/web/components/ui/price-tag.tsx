import { BULK_PRICE } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { clsx } from 'clsx';
import { createContext, useContext } from 'react';

/** How prices are shown shop-wide: as set, or out the door with taxes. */
export interface PriceDisplay {
  /** the price the shopper sees for a price in dollars (of cannabis unless `cannabis` is false) */
  shown: (dollars: number, cannabis?: boolean) => number;
  taxesIncluded: boolean;
}

export const AS_PRICED: PriceDisplay = { shown: (dollars) => dollars, taxesIncluded: false };
const PriceDisplayContext = createContext<PriceDisplay>(AS_PRICED);
export const PriceDisplayProvider = PriceDisplayContext.Provider;
export const usePriceDisplay = () => useContext(PriceDisplayContext);

/** A price with the regular price struck through when a lower sale price applies. */
export function PriceTag({
  price,
  regular,
  size = 'md',
  className,
  cannabis = true,
}: {
  /** what the shopper pays (sale if any); -1 = Bulk, 0 = FREE */
  price: number;
  regular?: number;
  /** the product's flag: an accessory's out-the-door price carries sales tax alone */
  cannabis?: boolean;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const display = usePriceDisplay();
  if (price === BULK_PRICE) {
    return <span className={clsx('font-semibold text-muted', className)}>Contact for Pricing</span>;
  }
  const onSale = regular !== undefined && regular > price;
  const taxed = display.taxesIncluded && price > 0;
  return (
    <span className={clsx('inline-flex items-baseline gap-2', className)}>
      <span
        className={clsx(
          'font-bold tabular-nums',
          size === 'lg' ? 'text-3xl' : 'text-lg',
          onSale ? 'text-accent' : 'text-fg',
        )}
      >
        {price === 0 ? 'FREE' : formatDollars(display.shown(price, cannabis))}
      </span>
      {onSale && (
        <span
          className={clsx(
            'text-muted line-through tabular-nums',
            size === 'lg' ? 'text-lg' : 'text-sm',
          )}
        >
          <span className="sr-only">was </span>
          {formatDollars(display.shown(regular, cannabis))}
        </span>
      )}
      {taxed && <span className="text-xs font-medium text-muted">incl. tax</span>}
    </span>
  );
}
