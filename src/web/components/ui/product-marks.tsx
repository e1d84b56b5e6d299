import { saleLabel } from '@shared/pricing';
import type { Product } from '@shared/schemas/products';
import { clsx } from 'clsx';
import { Badge } from './badge';

/**
 * The marks a product carries wherever it is listed (cards, the Product Menu, search, its
 * page): SOLD OUT when none is left, and the sale mark, which names the sizes on sale when
 * only some are ("1 Oz on sale"). Nothing when neither applies.
 */
export function ProductMarks({ product, className }: { product: Product; className?: string }) {
  const sale = saleLabel(product);
  const soldOut = product.stock <= 0;
  if (!sale && !soldOut) return null;
  return (
    <>
      {soldOut && (
        <Badge tone="sold-out" className={className}>
          SOLD OUT
        </Badge>
      )}
      {sale && (
        <Badge tone="sale" className={className}>
          {sale}
        </Badge>
      )}
    </>
  );
}

/** The product's brand over its name, in small capitals; nothing without one. */
export function ProductBrand({ brand, className }: { brand: string | null; className: string }) {
  if (!brand) return null;
  return (
    <p className={clsx('font-semibold tracking-wide text-muted uppercase', className)}>{brand}</p>
  );
}
