import { stockColor } from '@shared/quantity';
import { clsx } from 'clsx';

const tones = {
  red: 'bg-red-700 text-white',
  yellow: 'bg-amber-400 text-black',
  green: 'bg-emerald-500 text-black',
} as const;

/** Stock coloured by spec §9: 10 or less red, 20 or less yellow, above green. */
export function StockPill({ stock, flower }: { stock: number; flower: boolean }) {
  const color = stockColor(stock);
  return (
    <span
      data-stock-color={color}
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold tabular-nums',
        tones[color],
      )}
    >
      {stock}
      {flower ? ' g' : ''}
      <span className="sr-only">{` in stock (${color})`}</span>
    </span>
  );
}
