import type { Product } from '@shared/schemas/products';
import { readableProductPath } from '@shared/slugs';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ProductThumb } from './product-image';

const SIZES = {
  sm: { link: 'rounded-xl', thumb: 'h-12 w-12 shrink-0 rounded-lg', sizes: '48px' },
  md: { link: 'rounded-2xl', thumb: 'h-14 w-14 shrink-0 rounded-xl', sizes: '56px' },
} as const;

/**
 * A product in a list that opens it in place (the menu, search results): still a real link to
 * its page, so it opens in a new tab too, with its picture dimmed while it is sold out.
 */
export function ProductListLink({
  product,
  size,
  onOpen,
  children,
}: {
  product: Product;
  size: keyof typeof SIZES;
  onOpen: (product: Product) => void;
  /** what follows the picture: the name and facts */
  children: ReactNode;
}) {
  const look = SIZES[size];
  return (
    <a
      href={readableProductPath(product)}
      onClick={(event) => {
        event.preventDefault();
        onOpen(product);
      }}
      className={clsx('flex items-center gap-3 p-2 hover:bg-surface-2', look.link)}
    >
      <ProductThumb
        media={product.media}
        sizes={look.sizes}
        className={clsx(look.thumb, product.stock <= 0 && 'opacity-40 grayscale')}
      />
      {children}
    </a>
  );
}
