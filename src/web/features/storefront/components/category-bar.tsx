import type { Category } from '@shared/schemas/categories';
import { clsx } from 'clsx';

export const ALL_PRODUCTS = 'all';

/** Spec §2.3: All Products first, then each top-level category by sortOrder. */
export function CategoryBar({
  categories,
  selected,
  onSelect,
}: {
  categories: readonly Category[];
  selected: string;
  onSelect: (slug: string) => void;
}) {
  const items = [{ slug: ALL_PRODUCTS, name: 'All Products' }, ...categories];
  return (
    <nav
      aria-label="Product categories"
      className="sticky top-16 z-20 -mx-4 bg-bg/90 px-4 py-3 backdrop-blur"
    >
      <ul className="scrollbar-none flex gap-2 overflow-x-auto">
        {items.map((item) => (
          <li key={item.slug} className="shrink-0">
            <button
              type="button"
              aria-pressed={selected === item.slug}
              onClick={() => onSelect(item.slug)}
              className={clsx(
                'h-11 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                selected === item.slug
                  ? 'border-primary bg-primary text-primary-fg'
                  : 'border-line bg-surface text-fg hover:border-primary',
              )}
            >
              {item.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
