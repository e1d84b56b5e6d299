import { TIMERS } from '@shared/constants';
import { regularUnitPrice, unitPrice } from '@shared/pricing';
import { defaultQuantity } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { readableProductPath } from '@shared/slugs';
import { PriceTag } from '@web/components/ui/price-tag';
import { ProductThumb } from '@web/components/ui/product-image';
import { ProductRow } from '@web/components/ui/product-row';
import { Link } from 'wouter';

function RelatedCard({ product }: { product: Product }) {
  const quantity = defaultQuantity(product);
  return (
    <Link
      href={readableProductPath(product)}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface transition-colors hover:border-primary/60"
    >
      <ProductThumb media={product.media} sizes="280px" className="aspect-square w-full" />
      <div className="flex flex-col gap-1 p-3">
        <span className="line-clamp-1 font-semibold">{product.name}</span>
        <PriceTag
          price={unitPrice(product, quantity)}
          regular={regularUnitPrice(product, quantity)}
          cannabis={product.cannabis}
        />
      </div>
    </Link>
  );
}

/** You Might Also Like (spec §2.6): hidden when there are no candidates. */
export function RelatedProducts({ products }: { products: readonly Product[] }) {
  if (products.length === 0) return null;
  return (
    <ProductRow
      title="You Might Also Like"
      titleId="related-title"
      products={products}
      intervalMs={TIMERS.relatedCarouselMs}
      pauseMs={TIMERS.relatedCarouselPauseMs}
      itemClassName="w-[70%] sm:w-[280px]"
      renderItem={(product) => <RelatedCard product={product} />}
    />
  );
}
