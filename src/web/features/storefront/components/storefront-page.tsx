import { TIMERS } from '@shared/constants';
import { filterAndSortProducts, isMenuFiltered } from '@shared/menu-filter';
import type { Product } from '@shared/schemas/products';
import { useCategories } from '@web/api/get-categories';
import { useNewestProducts } from '@web/api/get-newest-products';
import { useProducts } from '@web/api/get-products';
import { usePromotions } from '@web/api/get-promotions';
import { Button } from '@web/components/ui/button';
import { ProductRow } from '@web/components/ui/product-row';
import { Skeleton } from '@web/components/ui/skeleton';
import { MenuFilterBar } from '@web/features/menu-filter/components/menu-filter-bar';
import { useMenuFilter } from '@web/features/menu-filter/use-menu-filter';
import { countCards, firstCards, groupProducts, topLevelCategories } from '@web/lib/catalog-groups';
import { useHydrating } from '@web/lib/render-env';
import { useProgressiveCount } from '@web/lib/use-progressive-count';
import { useDeferredValue, useMemo, useState } from 'react';
import { matchesStrain, useStrainFilter } from '../strain-filter';
import { ALL_PRODUCTS, CategoryBar } from './category-bar';
import { Hero, PRODUCTS_ANCHOR, scrollToProducts } from './hero';
import { type CardActions, ProductCard, ProductGrid } from './product-card';
import { ProductSections } from './product-sections';
import { PromotionsBanner } from './promotions-banner';

function GridSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
    >
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3">
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-11 w-full" />
        </div>
      ))}
    </div>
  );
}

const NO_GROUPS: ReturnType<typeof groupProducts> = [];
/** A phone screen of cards per commit. */
const CARDS_PER_STEP = 6;

/** Home storefront (spec §2.3). Cart controls come from the app layer through `cardActions`. */
export function StorefrontPage({ cardActions }: { cardActions?: CardActions }) {
  const products = useProducts();
  const categories = useCategories();
  const promotions = usePromotions();
  const newest = useNewestProducts();
  const strain = useStrainFilter();
  const [selected, setSelected] = useState(ALL_PRODUCTS);
  const { filter } = useMenuFilter();
  const filtered = isMenuFiltered(filter);

  const topLevel = useMemo(() => topLevelCategories(categories.data ?? []), [categories.data]);
  const visible = useMemo(
    () => (products.data ?? []).filter((p) => matchesStrain(p, strain)),
    [products.data, strain],
  );
  const inCategory = useMemo(
    () => (selected === ALL_PRODUCTS ? visible : visible.filter((p) => p.category === selected)),
    [visible, selected],
  );
  // A filter or sort shows one list in its order instead of the category sections.
  const results = useMemo(
    () => (filtered ? filterAndSortProducts(inCategory, filter) : null),
    [filtered, inCategory, filter],
  );
  const groups = useMemo(
    () => (results ? NO_GROUPS : groupProducts(inCategory, categories.data ?? [])),
    [results, inCategory, categories.data],
  );
  // The sections hold every product card: React renders them in the background, a
  // few cards per commit, so no long task blocks the page while it becomes usable.
  // A server-rendered page prints the sections at once, and hydration must print the same.
  const hydrating = useHydrating();
  const deferredGroups = useDeferredValue(groups, hydrating ? groups : NO_GROUPS);
  const sectionsPending = deferredGroups !== groups && deferredGroups.length === 0;
  const cardCount = useMemo(() => countCards(deferredGroups), [deferredGroups]);
  const shownCards = useProgressiveCount(cardCount, CARDS_PER_STEP, `${selected}|${strain}`);
  const shownGroups = useMemo(
    () => firstCards(deferredGroups, shownCards),
    [deferredGroups, shownCards],
  );
  const featured = useMemo(() => visible.filter((p) => p.featured && p.stock > 0), [visible]);
  const newestVisible = useMemo(
    () => (newest.data ?? []).filter((p) => matchesStrain(p, strain)),
    [newest.data, strain],
  );

  const selectCategory = (slug: string) => {
    setSelected(slug);
    requestAnimationFrame(scrollToProducts);
  };

  const card = (product: Product, index: number) => (
    <ProductCard product={product} actions={cardActions} priority={index === 0} />
  );

  return (
    <div className="flex flex-col gap-8 sm:gap-10">
      <Hero />
      <PromotionsBanner promotions={promotions.data ?? []} loading={promotions.isPending} />

      <ProductRow
        title="Featured Products"
        titleId="featured-title"
        products={featured}
        loading={products.isPending}
        renderItem={card}
        intervalMs={TIMERS.featuredHeroMs}
        pauseMs={TIMERS.productRowPauseMs}
      />

      <ProductRow
        title="Newest Arrivals"
        titleId="newest-title"
        products={newestVisible}
        loading={newest.isPending}
        renderItem={(product) => <ProductCard product={product} actions={cardActions} />}
        intervalMs={TIMERS.productRowMs}
        pauseMs={TIMERS.productRowPauseMs}
      />

      <div id={PRODUCTS_ANCHOR} className="flex scroll-mt-16 flex-col gap-4">
        <CategoryBar categories={topLevel} selected={selected} onSelect={selectCategory} />
        <MenuFilterBar products={inCategory} shown={results ? results.length : inCategory.length} />
        {strain && (
          <p className="text-sm text-muted" role="status">
            Showing <span className="font-semibold text-fg">{strain}</span> strains only.
          </p>
        )}
        {products.isPending || sectionsPending ? (
          <GridSkeleton />
        ) : products.isError ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface p-10 text-center">
            <p className="font-semibold">Failed to fetch products</p>
            <Button variant="outline" onClick={() => products.refetch()}>
              Try again
            </Button>
          </div>
        ) : results ? (
          results.length === 0 ? (
            <p className="rounded-2xl border border-line bg-surface p-10 text-center text-muted">
              No products match these filters.
            </p>
          ) : (
            <section aria-label="Filtered products">
              <ProductGrid products={results} actions={cardActions} />
            </section>
          )
        ) : groups.length === 0 ? (
          <p className="rounded-2xl border border-line bg-surface p-10 text-center text-muted">
            No products match this filter.
          </p>
        ) : (
          <ProductSections
            groups={shownGroups}
            actions={cardActions}
            onCategoryClick={selectCategory}
          />
        )}
      </div>
    </div>
  );
}
