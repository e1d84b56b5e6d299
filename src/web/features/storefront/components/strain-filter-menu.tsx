import { STRAINS } from '@shared/constants';
import { clsx } from 'clsx';
import { clearStrainFilter, toggleStrainFilter, useStrainFilter } from '../strain-filter';

const dots = { Sativa: 'bg-amber-400', Indica: 'bg-violet-500', Hybrid: 'bg-emerald-500' } as const;

/** Side-menu block: Strain Filter with Sativa / Indica / Hybrid and Clear Filter. */
export function StrainFilterMenu({ onChange }: { onChange?: () => void }) {
  const active = useStrainFilter();
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
        Strain Filter
      </legend>
      <div className="flex flex-col gap-2">
        {STRAINS.map((strain) => (
          <button
            key={strain}
            type="button"
            aria-pressed={active === strain}
            onClick={() => {
              toggleStrainFilter(strain);
              onChange?.();
            }}
            className={clsx(
              'flex h-11 items-center gap-3 rounded-xl border px-3 text-left text-sm font-medium transition-colors',
              active === strain
                ? 'border-primary bg-primary text-primary-fg'
                : 'border-line bg-surface-2 hover:border-primary',
            )}
          >
            <span aria-hidden="true" className={clsx('h-2.5 w-2.5 rounded-full', dots[strain])} />
            {strain}
          </button>
        ))}
        <button
          type="button"
          onClick={() => {
            clearStrainFilter();
            onChange?.();
          }}
          disabled={!active}
          className="h-11 rounded-xl border border-line text-sm font-medium text-muted hover:text-fg disabled:opacity-50"
        >
          Clear Filter
        </button>
      </div>
    </fieldset>
  );
}
