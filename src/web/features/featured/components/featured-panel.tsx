import { searchProducts } from '@shared/product-search';
import { isSoldByWeight, stockColor } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { useProducts } from '@web/api/get-products';
import { Button } from '@web/components/ui/button';
import { SearchField } from '@web/components/ui/form-controls';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { ProductThumb } from '@web/components/ui/product-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { useSetFeatured } from '@web/features/featured/api/featured';
import { errorText } from '@web/lib/error-messages';
import { clsx } from 'clsx';
import { Plus, Star, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';

const HEADING: PanelHeading = {
  title: 'Featured Products',
  description: "Featured products in stock appear in the storefront's carousel.",
  icon: <Star aria-hidden="true" className="h-5 w-5" />,
};

const STOCK_TONES = {
  red: 'text-danger',
  yellow: 'text-warn',
  green: 'text-ok',
} as const;

export function StockText({
  product,
}: {
  product: Pick<Product, 'stock' | 'category' | 'subcategory' | 'name'>;
}) {
  const unit = isSoldByWeight(product) ? 'g' : product.stock === 1 ? ' unit' : ' units';
  return (
    <span className={clsx('font-semibold tabular-nums', STOCK_TONES[stockColor(product.stock)])}>
      {product.stock}
      {unit}
    </span>
  );
}

function ProductLine({ product, action }: { product: Product; action: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-bg/30 p-2 pr-3">
      <ProductThumb media={product.media} sizes="48px" className="h-12 w-12 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{product.name}</p>
        <p className="truncate text-xs text-muted">
          <span className="capitalize">{product.category.replace(/-/g, ' ')}</span> ·{' '}
          <StockText product={product} /> in stock
        </p>
      </div>
      {action}
    </li>
  );
}

/** Spec §2.10: Currently Featured and Add Products to Featured. */
export function FeaturedPanel({ id }: { id: string }) {
  const products = useProducts();
  const mutation = useSetFeatured();
  const [query, setQuery] = useState('');

  const featured = useMemo(() => (products.data ?? []).filter((p) => p.featured), [products.data]);
  const candidates = useMemo(() => {
    const all = products.data ?? [];
    const found = query.trim() ? new Set(searchProducts(all, query).map((p) => p.id)) : null;
    return all
      .filter((p) => !p.featured)
      .filter((p) => !found || found.has(p.id))
      .sort((a, b) => Number(b.stock > 0) - Number(a.stock > 0) || a.name.localeCompare(b.name));
  }, [products.data, query]);

  const toggle = (product: Product, next: boolean) =>
    mutation.mutate(
      { id: product.id, featured: next },
      {
        onSuccess: () =>
          toast({
            title: 'Product updated',
            description: next
              ? `${product.name} is now featured.`
              : `${product.name} is no longer featured.`,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to update featured status: ${errorText(error)}`,
            variant: 'destructive',
          }),
      },
    );
  const busy = (product: Product) => mutation.isPending && mutation.variables?.id === product.id;

  return (
    <Panel id={id} {...HEADING}>
      {products.isPending ? (
        <Skeleton className="h-40" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby={`${id}-current`} className="flex min-w-0 flex-col gap-3">
            <h3 id={`${id}-current`} className="flex items-center gap-2 font-semibold">
              Currently Featured
              <span className="text-sm font-normal text-muted">({featured.length})</span>
            </h3>
            {featured.length === 0 ? (
              <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
                No featured products yet. Add some from the list.
              </p>
            ) : (
              <ul aria-label="Currently featured products" className="flex flex-col gap-2">
                {featured.map((product) => (
                  <ProductLine
                    key={product.id}
                    product={product}
                    action={
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy(product)}
                        onClick={() => toggle(product, false)}
                        aria-label={`Remove ${product.name} from featured`}
                      >
                        <X aria-hidden="true" className="h-4 w-4" />
                        <span className="hidden sm:inline">Remove</span>
                      </Button>
                    }
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby={`${id}-add`} className="flex min-w-0 flex-col gap-3">
            <h3 id={`${id}-add`} className="font-semibold">
              Add Products to Featured
            </h3>
            <SearchField
              label="Search products to feature"
              placeholder="Search products"
              value={query}
              onChange={setQuery}
            />
            {candidates.length === 0 ? (
              <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
                No products found.
              </p>
            ) : (
              <ul
                aria-label="Products to feature"
                className="flex max-h-96 flex-col gap-2 overflow-y-auto pr-1"
              >
                {candidates.map((product) => (
                  <ProductLine
                    key={product.id}
                    product={product}
                    action={
                      <Button
                        size="sm"
                        disabled={product.stock <= 0 || busy(product)}
                        title={product.stock <= 0 ? 'Out of stock' : undefined}
                        onClick={() => toggle(product, true)}
                        // the name starts with what the button says (WCAG 2.5.3)
                        aria-label={
                          product.stock <= 0
                            ? `Sold out: ${product.name}`
                            : `Feature ${product.name}`
                        }
                      >
                        <Plus aria-hidden="true" className="h-4 w-4" />
                        <span className="hidden sm:inline">
                          {product.stock <= 0 ? 'Sold out' : 'Feature'}
                        </span>
                      </Button>
                    }
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Panel>
  );
}
