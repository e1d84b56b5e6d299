import { saleLabel } from '@shared/pricing';
import { potencyBadge } from '@shared/product-facts';
import type { Product } from '@shared/schemas/products';
import { readableProductPath } from '@shared/slugs';
import { Badge, strainTone } from '@web/components/ui/badge';
import { firstImage, ProductImage } from '@web/components/ui/product-image';
import { ProductBrand } from '@web/components/ui/product-marks';
import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';

export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 232px, (min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw';

export type CardActions = (product: Product) => ReactNode;

function strainBadges(product: Product): string[] {
  if (product.strainTypes.length > 1) return product.strainTypes;
  return product.strain && product.strain !== 'none' ? [product.strain] : [];
}

export function ProductCard({
  product,
  actions,
  priority = false,
}: {
  product: Product;
  actions?: CardActions;
  priority?: boolean;
}) {
  const href = readableProductPath(product);
  const soldOut = product.stock <= 0;
  const sale = saleLabel(product);
  const flavors = product.category === 'concentrates' ? product.flavors : [];
  const potency = potencyBadge(product);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-colors hover:border-primary/60"
      aria-label={product.name}
      data-scroll-anchor={product.id}
    >
      <Link
        href={href}
        className="relative block aspect-square overflow-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          url={firstImage(product.media)}
          alt={product.name}
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          className="h-full w-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {sale && (
          <Badge tone="sale" className="absolute top-2 left-2 shadow">
            {sale}
          </Badge>
        )}
        {soldOut && (
          <div className="absolute inset-0 grid place-items-center bg-black/60">
            <span className="rounded-lg border-2 border-white px-3 py-1 text-sm font-extrabold tracking-widest text-white">
              SOLD OUT
            </span>
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <ProductBrand brand={product.brand} className="-mb-1.5 truncate text-xs" />
        {/* two lines kept for every name: a row's cards are one height whichever arrive */}
        <h3 className="line-clamp-2 min-h-[2lh] text-[0.95rem] leading-snug font-semibold">
          <Link href={href} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        {/* the picture's marks, for those who do not see the picture */}
        {(soldOut || sale) && (
          <p className="sr-only">{[soldOut && 'Sold out', sale].filter(Boolean).join(', ')}</p>
        )}
        {(strainBadges(product).length > 0 || potency) && (
          <div className="flex flex-wrap gap-1">
            {potency && <Badge tone="neutral">{potency}</Badge>}
            {strainBadges(product).map((strain) => (
              <Badge key={strain} tone={strainTone(strain)}>
                {strain}
              </Badge>
            ))}
          </div>
        )}
        {flavors.length > 0 && (
          <p className="line-clamp-2 text-xs text-muted">
            <span className="font-semibold text-fg">Flavors: </span>
            {flavors.join(', ')}
          </p>
        )}
        {actions?.(product)}
      </div>
    </article>
  );
}

/** Memoised: the home page grows its sections a few cards at a time without redrawing earlier grids. */
export const ProductGrid = memo(function ProductGrid({
  products,
  actions,
  priorityCount = 0,
}: {
  products: readonly Product[];
  actions?: CardActions;
  priorityCount?: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} actions={actions} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
});
