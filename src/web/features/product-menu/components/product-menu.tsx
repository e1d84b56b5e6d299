import { filterAndSortProducts } from '@shared/menu-filter';
import { formatDollars } from '@shared/money';
import { potencyBadge } from '@shared/product-facts';
import type { Product } from '@shared/schemas/products';
import { readableProductPath, subcategoryLabel } from '@shared/slugs';
import { useCategories } from '@web/api/get-categories';
import { useProducts } from '@web/api/get-products';
import { Badge, strainTone } from '@web/components/ui/badge';
import { CloseButton } from '@web/components/ui/icon-button';
import { Modal } from '@web/components/ui/modal';
import { ProductListLink } from '@web/components/ui/product-list-link';
import { ProductMarks } from '@web/components/ui/product-marks';
import { Spinner } from '@web/components/ui/spinner';
import { MenuFilterBar } from '@web/features/menu-filter/components/menu-filter-bar';
import { useMenuFilter } from '@web/features/menu-filter/use-menu-filter';
import { groupProducts } from '@web/lib/catalog-groups';
import { clsx } from 'clsx';
import { Fragment, useId, useMemo } from 'react';
import {
  byPriceDescending,
  categoryStyle,
  menuPrices,
  menuPriceText,
  PRICE_SEPARATOR,
} from '../menu-prices';

/** The row's prices; a size on sale shows its regular price struck through after it. */
function MenuPriceLine({ product }: { product: Product }) {
  return (
    <span data-testid="menu-price" className="text-sm text-muted tabular-nums">
      {menuPrices(product).map((price, i) => (
        <Fragment key={price.size ?? i}>
          {i > 0 && PRICE_SEPARATOR}
          <span className="whitespace-nowrap">
            {menuPriceText(price)}
            {price.regular !== null && (
              <>
                {' '}
                <s className="text-xs">
                  <span className="sr-only">was </span>
                  {formatDollars(price.regular)}
                </s>
              </>
            )}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

/** Spec §2.4: full-screen Product Menu, categories in columns, subcategories inside. */
export default function ProductMenu({
  open,
  onClose,
  onOpenProduct,
}: {
  open: boolean;
  onClose: () => void;
  onOpenProduct: (href: string) => void;
}) {
  const titleId = useId();
  const products = useProducts();
  const categories = useCategories();
  const { filter } = useMenuFilter();
  // The page's filter narrows the menu too; a chosen sort orders each group
  const shown = useMemo(
    () => filterAndSortProducts(products.data ?? [], filter),
    [products.data, filter],
  );
  const groups = useMemo(
    () =>
      groupProducts(
        shown,
        categories.data ?? [],
        filter.sort === 'featured' ? byPriceDescending : undefined,
      ),
    [shown, categories.data, filter.sort],
  );

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} variant="full">
      <div className="flex h-full flex-col bg-bg">
        <div className="flex items-center justify-between border-b border-line px-4 py-3 sm:px-6">
          <h2 id={titleId} className="text-xl font-extrabold sm:text-2xl">
            Product Menu
          </h2>
          <CloseButton label="Close product menu" onClick={onClose} iconClassName="h-6 w-6" />
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-5 sm:px-6">
          {products.isPending || categories.isPending ? (
            <Spinner label="Loading products..." />
          ) : (
            <>
              <MenuFilterBar
                products={products.data ?? []}
                shown={shown.length}
                className="mx-auto mb-4 max-w-7xl"
              />
              <div className="mx-auto grid max-w-7xl items-start gap-5 md:grid-cols-2 lg:grid-cols-3">
                {groups.map((group) => {
                  const style = categoryStyle(group.slug);
                  return (
                    <section
                      key={group.slug}
                      aria-label={group.name}
                      data-testid={`menu-category-${group.slug}`}
                      className="overflow-hidden rounded-2xl border border-line bg-surface"
                    >
                      <h3
                        className={clsx(
                          'flex items-center gap-2 bg-gradient-to-r px-4 py-3 text-lg font-bold text-white',
                          style.accent,
                        )}
                      >
                        <span aria-hidden="true">{style.emoji}</span>
                        {group.name}
                      </h3>
                      {group.subgroups.map((sub) => (
                        <div
                          key={sub.slug ?? 'general'}
                          className="border-t border-line first:border-t-0"
                        >
                          <h4 className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wider text-muted uppercase">
                            {subcategoryLabel(sub.slug)}
                          </h4>
                          <ul className="px-2 pb-2">
                            {sub.products.map((product) => (
                              <li key={product.id}>
                                <ProductListLink
                                  product={product}
                                  size="sm"
                                  onOpen={(opened) => onOpenProduct(readableProductPath(opened))}
                                >
                                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                                    <span className="flex items-center gap-2">
                                      <span className="truncate font-semibold">{product.name}</span>
                                      {product.strain && product.strain !== 'none' && (
                                        <Badge
                                          tone={strainTone(product.strain)}
                                          className="shrink-0"
                                        >
                                          {product.strain}
                                        </Badge>
                                      )}
                                    </span>
                                    <span className="flex flex-wrap gap-1 empty:hidden">
                                      <ProductMarks product={product} />
                                      {potencyBadge(product) && (
                                        <Badge tone="neutral">{potencyBadge(product)}</Badge>
                                      )}
                                    </span>
                                    <MenuPriceLine product={product} />
                                  </span>
                                </ProductListLink>
                              </li>
                            ))}
                          </ul>
                        </div>
                      ))}
                    </section>
                  );
                })}
              </div>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
