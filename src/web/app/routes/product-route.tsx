import { readableSegment } from '@shared/slugs';
import { useCartCount } from '@web/features/cart/cart-store';
import { ProductPurchasePanel } from '@web/features/cart/components/product-purchase-panel';
import { ProductPage, type ProductSource } from '@web/features/product/components/product-page';
import { useParams } from 'wouter';

function sourceFromParams(params: Record<string, string | undefined>): ProductSource {
  if (params.category && params.subcategory && params.name) {
    return {
      kind: 'address',
      address: {
        category: params.category,
        subcategory: params.subcategory,
        strain: params.strain,
        name: params.name,
      },
    };
  }
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? { kind: 'id', id } : { kind: 'invalid' };
}

/** Lazy route for the three product addresses of spec §2.1. */
export default function ProductRoute() {
  const params = useParams();
  const cartCount = useCartCount();
  const source = sourceFromParams(params);
  const preferenceKey =
    source.kind === 'address'
      ? [
          source.address.category,
          source.address.subcategory,
          source.address.strain,
          source.address.name,
        ]
          .filter(Boolean)
          .map((s) => readableSegment(s as string))
          .join('/')
      : source.kind === 'id'
        ? String(source.id)
        : '';
  return (
    <ProductPage
      source={source}
      cartCount={cartCount}
      renderPurchase={(product) => (
        <ProductPurchasePanel
          key={product.id}
          product={product}
          preferenceKey={source.kind === 'id' ? String(product.id) : preferenceKey}
          saveChoice={source.kind === 'id'}
        />
      )}
    />
  );
}
