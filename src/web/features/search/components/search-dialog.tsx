import { regularUnitPrice, unitPrice } from '@shared/pricing';
import { type ProductSearch, productSearchIndex } from '@shared/product-search';
import { defaultQuantity } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { readableProductPath, subcategoryLabel } from '@shared/slugs';
import { useProducts } from '@web/api/get-products';
import { Badge, strainTone } from '@web/components/ui/badge';
import { CloseButton } from '@web/components/ui/icon-button';
import { Modal } from '@web/components/ui/modal';
import { PriceTag } from '@web/components/ui/price-tag';
import { ProductListLink } from '@web/components/ui/product-list-link';
import { ProductMarks } from '@web/components/ui/product-marks';
import { Search } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';

/**
 * Spec §2.5: Search Products. Enter opens the first result, Escape clears the query. It is
 * the same search as GET /api/products/search, run here over the live product list.
 */
export default function SearchDialog({
  open,
  onClose,
  onOpenProduct,
  products: supplied,
}: {
  open: boolean;
  onClose: () => void;
  onOpenProduct: (href: string) => void;
  /** uses the product list supplied or fetches it */
  products?: readonly Product[];
}) {
  const titleId = useId();
  const inputId = useId();
  const fetched = useProducts();
  const products = supplied ?? fetched.data ?? [];
  const [query, setQuery] = useState('');
  const previous = useRef<ProductSearch<Product> | null>(null);
  const index = useMemo(() => {
    previous.current = productSearchIndex(products, previous.current);
    return previous.current;
  }, [products]);
  const results = useMemo(() => index.search(query), [index, query]);

  const close = () => {
    setQuery('');
    onClose();
  };
  const openProduct = (product: Product) => {
    setQuery('');
    onOpenProduct(readableProductPath(product));
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} variant="center">
      <div className="flex max-h-[85dvh] w-[calc(100vw-2rem)] max-w-xl flex-col overflow-hidden rounded-3xl border border-line bg-surface shadow-2xl">
        <div className="flex items-center justify-between px-5 pt-5">
          <h2 id={titleId} className="text-lg font-bold">
            Search Products
          </h2>
          <CloseButton label="Close search" onClick={close} className="-mr-2" />
        </div>
        <div className="relative px-5 pt-3 pb-4">
          <label htmlFor={inputId} className="sr-only">
            Search products
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-9 h-5 w-5 -translate-y-1/2 text-muted"
          />
          <input
            id={inputId}
            type="search"
            data-autofocus
            autoComplete="off"
            enterKeyHint="go"
            placeholder="Name, strain, category..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (results[0]) openProduct(results[0]);
              } else if (event.key === 'Escape' && query) {
                // Escape clears the query first; a second Escape closes the dialog
                event.preventDefault();
                event.stopPropagation();
                setQuery('');
              }
            }}
            className="h-12 w-full rounded-xl border border-line bg-surface-2 pr-3 pl-11 text-base text-fg placeholder:text-muted/70 [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        <div className="min-h-40 overflow-y-auto border-t border-line" aria-live="polite">
          {!query.trim() ? (
            <p className="px-5 py-10 text-center text-muted">Start typing to search for products</p>
          ) : results.length === 0 ? (
            <p className="px-5 py-10 text-center text-muted">
              No products found matching the query
            </p>
          ) : (
            <ul className="flex flex-col p-2">
              {results.map((product) => (
                <li key={product.id}>
                  <ProductListLink product={product} size="md" onOpen={openProduct}>
                    <span className="flex min-w-0 flex-1 flex-col gap-1">
                      <span className="truncate font-semibold">{product.name}</span>
                      <span className="flex items-center gap-2 text-xs text-muted capitalize">
                        {product.category}
                        {product.subcategory ? ` · ${subcategoryLabel(product.subcategory)}` : ''}
                        {product.strain && product.strain !== 'none' && (
                          <Badge tone={strainTone(product.strain)}>{product.strain}</Badge>
                        )}
                      </span>
                      <span className="flex flex-wrap gap-1 empty:hidden">
                        <ProductMarks product={product} />
                      </span>
                    </span>
                    <PriceTag
                      price={unitPrice(product, defaultQuantity(product))}
                      regular={regularUnitPrice(product, defaultQuantity(product))}
                      cannabis={product.cannabis}
                      className="shrink-0"
                    />
                  </ProductListLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Modal>
  );
}
