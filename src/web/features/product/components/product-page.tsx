import { TIMERS } from '@shared/constants';
import { flavorChoiceLabel, flavorChoices } from '@shared/flavors';
import { isSoldByWeight, stockColor, stockLabel } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { type ReadableAddress, subcategoryLabel } from '@shared/slugs';
import { useCategories } from '@web/api/get-categories';
import { useProduct } from '@web/api/get-product';
import { useProductByUrl } from '@web/api/get-product-by-url';
import { useProducts } from '@web/api/get-products';
import { Badge, strainTone } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { ProductBrand, ProductMarks } from '@web/components/ui/product-marks';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { ApiError } from '@web/lib/api-client';
import { canGoBackInApp } from '@web/lib/history-entries';
import { paths } from '@web/lib/paths';
import { useHydrating } from '@web/lib/render-env';
import { clsx } from 'clsx';
import { ArrowLeft, PackageX, ShoppingCart } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { relatedProducts } from '../related';
import { MediaCarousel } from './media-carousel';
import { ProductFacts } from './product-facts';
import { RelatedProducts } from './related-products';

export type ProductSource =
  | { kind: 'id'; id: number }
  | { kind: 'address'; address: ReadableAddress }
  | { kind: 'invalid' };

const STOCK_DOT = { red: 'bg-red-500', yellow: 'bg-amber-400', green: 'bg-emerald-500' } as const;

function useProductFromSource(source: ProductSource) {
  const byId = useProduct(source.kind === 'id' ? source.id : 0, source.kind === 'id');
  const byAddress = useProductByUrl(
    source.kind === 'address' ? source.address : { category: '', subcategory: '', name: '' },
    source.kind === 'address',
  );
  if (source.kind === 'invalid') return { data: undefined, error: null, isPending: false };
  return source.kind === 'id' ? byId : byAddress;
}

/** Spec §2.6: the detail appears about 300 ms after its data arrives. */
function useDelayedReveal(productId: number | undefined) {
  // a server-rendered page came with its data, so it shows the detail at once
  const hydrating = useHydrating();
  const [revealedId, setRevealedId] = useState<number | undefined>(() =>
    hydrating ? productId : undefined,
  );
  useEffect(() => {
    if (productId === undefined) return;
    const timer = window.setTimeout(() => setRevealedId(productId), TIMERS.productDetailDelayMs);
    return () => window.clearTimeout(timer);
  }, [productId]);
  return productId !== undefined && revealedId === productId;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Failed to load product details';
  if (error instanceof Error && error.message) return error.message;
  return 'Failed to load product details';
}

function TopBar({ cartCount }: { cartCount: number }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Link
        href={paths.home}
        onClick={(event) => {
          // back to the card the shopper came from, scrolled where they were
          if (!canGoBackInApp()) return;
          event.preventDefault();
          window.history.back();
        }}
        className={buttonClasses('ghost', 'md', '-ml-2')}
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        Back
      </Link>
      <Link href={paths.cart} className={buttonClasses('outline', 'md')}>
        <ShoppingCart aria-hidden="true" className="h-5 w-5" />
        Cart ({cartCount})
      </Link>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div data-testid="product-skeleton" className="grid gap-8 md:grid-cols-2" aria-busy="true">
      <Skeleton className="aspect-square w-full rounded-3xl" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-10 w-32" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

function NotFoundView() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface px-6 py-16 text-center">
      <PackageX aria-hidden="true" className="h-14 w-14 text-muted" />
      <h1 className="text-2xl font-bold">Product Not Found</h1>
      <p className="max-w-md text-muted">
        Sorry, the product you're looking for could not be found.
      </p>
      <Link href={paths.home} className={buttonClasses('primary', 'lg', 'mt-2')}>
        Back to Home
      </Link>
    </div>
  );
}

export function ProductPage({
  source,
  cartCount,
  renderPurchase,
}: {
  source: ProductSource;
  cartCount: number;
  /** the buying controls, composed in by the app layer */
  renderPurchase: (product: Product) => ReactNode;
}) {
  const query = useProductFromSource(source);
  const product = query.data;
  // the whole list arrives after a server-rendered page hydrates: the row it fills is drawn in
  // slices between the browser's own work, not in one task that holds back a tap
  const allProducts = useDeferredValue(useProducts().data);
  const categories = useCategories();
  const revealed = useDelayedReveal(product?.id);
  const toasted = useRef<unknown>(null);

  useEffect(() => {
    if (query.error && toasted.current !== query.error) {
      toasted.current = query.error;
      console.error('Failed to load product', query.error);
      toast({ title: 'Error', description: failureMessage(query.error), variant: 'destructive' });
    }
  }, [query.error]);

  useDocumentTitle(
    source.kind === 'invalid' || query.error ? 'Product Not Found' : (product?.name ?? 'Product'),
  );

  const related = useMemo(
    () => (product && allProducts ? relatedProducts(product, allProducts) : []),
    [product, allProducts],
  );

  const categoryName =
    product &&
    (categories.data?.find((c) => c.slug === product.category)?.name ?? product.category);

  let body: ReactNode;
  if (source.kind === 'invalid' || query.error) body = <NotFoundView />;
  else if (!product || !revealed) body = <DetailSkeleton />;
  else {
    const strainShown = product.strain && product.strain !== 'none';
    body = (
      <>
        <article className="grid gap-8 md:grid-cols-2 md:gap-12">
          <div className="md:sticky md:top-24 md:self-start">
            <MediaCarousel name={product.name} media={product.media} />
          </div>
          <div className="flex flex-col gap-5">
            <div className="flex flex-wrap items-center gap-2">
              <ProductMarks product={product} />
              <Badge tone="neutral">{categoryName}</Badge>
              {strainShown && <Badge tone={strainTone(product.strain)}>{product.strain}</Badge>}
              {product.subcategory && (
                <span className="text-xs font-medium text-muted capitalize">
                  {subcategoryLabel(product.subcategory)}
                </span>
              )}
            </div>
            <div className="flex flex-col gap-1">
              <ProductBrand brand={product.brand} className="text-sm" />
              <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">{product.name}</h1>
            </div>
            {product.description && (
              <p className="text-base leading-relaxed text-muted">{product.description}</p>
            )}
            {product.flavors.length > 0 && (
              <p className="text-sm">
                <span className="font-semibold">Flavors: </span>
                <span className="text-muted">
                  {flavorChoices(product)
                    .map((choice) => (choice.stock > 0 ? choice.name : flavorChoiceLabel(choice)))
                    .join(', ')}
                </span>
              </p>
            )}
            <div className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
              {renderPurchase(product)}
            </div>
            <p className="flex items-center gap-2 text-sm text-muted">
              <span
                aria-hidden="true"
                className={clsx('h-2.5 w-2.5 rounded-full', STOCK_DOT[stockColor(product.stock)])}
              />
              <span className="font-semibold text-fg">{stockLabel(product.stock)}</span>
              <span aria-hidden="true">·</span>
              {isSoldByWeight(product) ? 'Sold by weight' : 'Sold per unit'}
            </p>
            <ProductFacts product={product} />
          </div>
        </article>
        <div className="mt-12">
          <RelatedProducts products={related} />
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <TopBar cartCount={cartCount} />
      {body}
    </div>
  );
}
