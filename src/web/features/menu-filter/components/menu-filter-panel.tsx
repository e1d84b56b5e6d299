import { STRAINS } from '@shared/constants';
import {
  filterAndSortProducts,
  type MenuFilter,
  menuFilterOptions,
  NO_MENU_FILTER,
  type Range,
} from '@shared/menu-filter';
import { effectLabel } from '@shared/product-facts';
import type { Product } from '@shared/schemas/products';
import { Button } from '@web/components/ui/button';
import { Checkbox, inputClasses } from '@web/components/ui/form-controls';
import { CloseButton } from '@web/components/ui/icon-button';
import { Modal } from '@web/components/ui/modal';
import { clsx } from 'clsx';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useMenuFilter } from '../use-menu-filter';

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t border-line pt-4">
      <h3 id={id} className="text-xs font-bold tracking-wider text-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

const amountOrNull = (text: string) => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
};

function RangeInputs({
  label,
  unit,
  range,
  bounds,
  onChange,
}: {
  label: string;
  unit: string;
  range: Range | null;
  bounds: { min: number; max: number } | null;
  onChange: (range: Range | null) => void;
}) {
  const set = (side: 'min' | 'max', text: string) => {
    const next = { min: range?.min ?? null, max: range?.max ?? null, [side]: amountOrNull(text) };
    onChange(next.min === null && next.max === null ? null : next);
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      {(['min', 'max'] as const).map((side) => (
        <label key={side} className="flex flex-col gap-1 text-sm">
          <span className="text-muted">
            {side === 'min' ? 'Min' : 'Max'} {unit}
          </span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            aria-label={`${label} ${side === 'min' ? 'minimum' : 'maximum'}`}
            placeholder={bounds ? String(bounds[side]) : undefined}
            className={clsx(inputClasses, 'tabular-nums')}
            defaultValue={range?.[side] ?? ''}
            onChange={(event) => set(side, event.target.value)}
          />
        </label>
      ))}
    </div>
  );
}

/**
 * Every menu filter in one sheet: from the bottom on a phone, a side panel on a
 * larger screen. Each choice applies at once (the list behind and the count follow);
 * the choices replace the page's history entry, so Back leaves the page rather than undoing them.
 */
export default function MenuFilterPanel({
  open,
  onClose,
  products,
}: {
  open: boolean;
  onClose: () => void;
  products: readonly Product[];
}) {
  const titleId = useId();
  const { filter, setFilter } = useMenuFilter();
  // the range inputs keep what is typed ("2" on the way to "25"); clearing starts them afresh
  const [cleared, setCleared] = useState(0);
  const options = useMemo(() => menuFilterOptions(products), [products]);
  const count = useMemo(() => filterAndSortProducts(products, filter).length, [products, filter]);
  const update = (patch: Partial<MenuFilter>) =>
    setFilter({ ...filter, ...patch }, { replace: true });

  const checkboxes = <T extends string>(
    values: readonly T[],
    chosen: readonly T[],
    key: 'strains' | 'brands' | 'sizes' | 'effects',
    label: (value: T) => string = (v) => v,
  ) => (
    <div className="grid grid-cols-2 gap-2">
      {values.map((value) => (
        <Checkbox
          key={value}
          label={label(value)}
          checked={chosen.includes(value)}
          onChange={(on) => update({ [key]: toggled(chosen, value, on) })}
        />
      ))}
    </div>
  );

  const rangeInputs = (key: 'thc' | 'mg' | 'price', label: string, unit: string) => (
    <RangeInputs
      label={label}
      unit={unit}
      range={filter[key]}
      bounds={options[key]}
      onChange={(range) => update({ [key]: range })}
    />
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="sheet-filter"
      closeMs={250}
    >
      <div className="flex max-h-[85dvh] flex-col bg-surface text-fg md:h-dvh md:max-h-none">
        <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold">
            Filter products
          </h2>
          <CloseButton onClick={onClose} label="Close filters" />
        </header>
        <div key={cleared} className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 pb-4">
          <Group title="Strain type">{checkboxes(STRAINS, filter.strains, 'strains')}</Group>
          {options.brands.length > 0 && (
            <Group title="Brand">{checkboxes(options.brands, filter.brands, 'brands')}</Group>
          )}
          {options.thc && <Group title="THC (%)">{rangeInputs('thc', 'THC %', '%')}</Group>}
          {options.mg && (
            <Group title="THC per serving (mg)">
              {rangeInputs('mg', 'THC mg per serving', 'mg')}
            </Group>
          )}
          {options.sizes.length > 0 && (
            <Group title="Size">{checkboxes(options.sizes, filter.sizes, 'sizes')}</Group>
          )}
          <Group title="Price ($)">{rangeInputs('price', 'Price', '$')}</Group>
          {options.effects.length > 0 && (
            <Group title="Effects">
              {checkboxes(options.effects, filter.effects, 'effects', effectLabel)}
            </Group>
          )}
          <Group title="Availability">
            <div className="grid grid-cols-2 gap-2">
              <Checkbox
                label="On sale"
                checked={filter.onSale}
                onChange={(onSale) => update({ onSale })}
              />
              <Checkbox
                label="In stock"
                checked={filter.inStock}
                onChange={(inStock) => update({ inStock })}
              />
            </div>
          </Group>
        </div>
        <footer className="flex gap-2 border-t border-line px-4 py-3">
          <Button
            variant="outline"
            onClick={() => {
              setFilter({ ...NO_MENU_FILTER, sort: filter.sort }, { replace: true });
              setCleared((n) => n + 1);
            }}
          >
            Clear all
          </Button>
          <Button className="flex-1" onClick={onClose}>
            {count === 1 ? 'Show 1 product' : `Show ${count} products`}
          </Button>
          <p role="status" className="sr-only">
            {count === 1 ? '1 product matches' : `${count} products match`}
          </p>
        </footer>
      </div>
    </Modal>
  );
}
