import {
  activeFilterCount,
  MENU_SORT_LABELS,
  MENU_SORTS,
  type MenuFilter,
  type MenuSort,
  NO_MENU_FILTER,
  type Range,
  rangeWords,
} from '@shared/menu-filter';
import { effectLabel } from '@shared/product-facts';
import type { Product } from '@shared/schemas/products';
import { lazyComponent } from '@web/lib/lazy-component';
import { clsx } from 'clsx';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useMenuFilter } from '../use-menu-filter';

// The panel (every control) loads when the shopper first asks for it: the storefront's first load stays small.
const MenuFilterPanel = lazyComponent(() => import('./menu-filter-panel'));

const dollars = (n: number) => `$${n}`;
const percent = (n: number) => `${n}%`;
const mg = (n: number) => `${n} mg`;

interface Chip {
  key: string;
  label: string;
  without: MenuFilter;
}

function chipsOf(filter: MenuFilter): Chip[] {
  const chips: Chip[] = [];
  const listChips = <K extends 'strains' | 'brands' | 'sizes' | 'effects'>(
    key: K,
    label: (value: string) => string,
  ) => {
    for (const value of filter[key] as string[])
      chips.push({
        key: `${key}:${value}`,
        label: label(value),
        without: { ...filter, [key]: (filter[key] as string[]).filter((v) => v !== value) },
      });
  };
  const rangeChip = (key: 'thc' | 'mg' | 'price', label: string, unit: (n: number) => string) => {
    const range = filter[key] as Range | null;
    if (range)
      chips.push({
        key,
        label: `${label} ${rangeWords(range, unit)}`,
        without: { ...filter, [key]: null },
      });
  };
  listChips('strains', (v) => v);
  listChips('brands', (v) => v);
  rangeChip('thc', 'THC', percent);
  rangeChip('mg', 'THC', (n) => `${mg(n)}/serving`);
  listChips('sizes', (v) => v);
  rangeChip('price', 'Price', dollars);
  listChips('effects', effectLabel);
  if (filter.onSale)
    chips.push({ key: 'sale', label: 'On sale', without: { ...filter, onSale: false } });
  if (filter.inStock)
    chips.push({ key: 'stock', label: 'In stock', without: { ...filter, inStock: false } });
  return chips;
}

/**
 * The menu's filter row: the Filters button opening the panel, the sort, a chip
 * per active choice (tap to remove) and the number of products shown.
 */
export function MenuFilterBar({
  products,
  shown,
  className,
}: {
  /** every product the filter chooses from (the panel counts its results live) */
  products: readonly Product[];
  /** how many products the current filter shows */
  shown: number;
  className?: string;
}) {
  const { filter, setFilter } = useMenuFilter();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const sortId = useId();
  const count = activeFilterCount(filter);
  const chips = chipsOf(filter);

  const openPanel = () => {
    setLoaded(true);
    setOpen(true);
  };

  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={openPanel}
          onPointerEnter={() => void MenuFilterPanel.preload()}
          onFocus={() => void MenuFilterPanel.preload()}
          aria-haspopup="dialog"
          className={clsx(
            'inline-flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold',
            count > 0
              ? 'border-primary bg-primary/10 text-fg'
              : 'border-line bg-surface hover:border-primary',
          )}
        >
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          Filters{count > 0 ? ` (${count})` : ''}
        </button>
        <label htmlFor={sortId} className="sr-only">
          Sort by
        </label>
        <select
          id={sortId}
          value={filter.sort}
          onChange={(event) => setFilter({ ...filter, sort: event.target.value as MenuSort })}
          className="h-11 cursor-pointer rounded-full border border-line bg-surface px-4 text-sm font-semibold text-fg hover:border-primary focus:border-primary focus:outline-none"
        >
          {MENU_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              Sort: {MENU_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <p role="status" className="ml-auto text-sm text-muted tabular-nums">
          {shown === 1 ? '1 product' : `${shown} products`}
        </p>
      </div>
      {chips.length > 0 && (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                onClick={() => setFilter(chip.without)}
                aria-label={`Remove filter ${chip.label}`}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-primary/60 bg-surface px-3 text-sm"
              >
                {chip.label}
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => setFilter({ ...NO_MENU_FILTER, sort: filter.sort })}
              className="min-h-9 px-2 text-sm font-semibold text-primary underline-offset-2 hover:underline"
            >
              Clear all
            </button>
          </li>
        </ul>
      )}
      {loaded && <MenuFilterPanel open={open} onClose={() => setOpen(false)} products={products} />}
    </div>
  );
}
