import type { CategoryGroup } from '@web/lib/catalog-groups';
import { ChevronRight } from 'lucide-react';
import { type CardActions, ProductGrid } from './product-card';

export function ProductSections({
  groups,
  actions,
  onCategoryClick,
}: {
  groups: readonly CategoryGroup[];
  actions?: CardActions;
  onCategoryClick: (slug: string) => void;
}) {
  return (
    <div className="flex flex-col gap-12">
      {groups.map((group) => (
        <section
          key={group.slug}
          aria-labelledby={`category-${group.slug}`}
          className="flex flex-col gap-6"
        >
          <h2 id={`category-${group.slug}`} className="text-2xl font-extrabold sm:text-3xl">
            <button
              type="button"
              onClick={() => onCategoryClick(group.slug)}
              className="group inline-flex items-center gap-1 rounded-lg text-left"
            >
              {group.name}
              <ChevronRight
                aria-hidden="true"
                className="h-6 w-6 text-muted transition-transform group-hover:translate-x-0.5"
              />
            </button>
          </h2>
          {group.subgroups.map((sub) => (
            <section
              key={sub.slug ?? 'general'}
              aria-label={`${group.name}: ${sub.label}`}
              className="flex flex-col gap-3"
            >
              <h3 className="flex items-center gap-3 text-sm font-semibold tracking-wider text-muted uppercase">
                {sub.label}
                <span aria-hidden="true" className="h-px flex-1 bg-line" />
              </h3>
              <ProductGrid products={sub.products} actions={actions} />
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}
