import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';

const stepButton =
  'grid h-11 w-11 place-items-center rounded-xl bg-surface-2 text-fg transition-colors hover:bg-line disabled:cursor-not-allowed disabled:opacity-40';

/** Minus / count / plus for one cart line. */
export function QuantityStepper({
  name,
  count,
  onDecrement,
  onIncrement,
  incrementDisabled,
  incrementHint,
}: {
  name: string;
  count: number;
  onDecrement: () => void;
  onIncrement: () => void;
  incrementDisabled?: boolean;
  /** e.g. a stock tooltip wrapped around the plus button */
  incrementHint?: (button: ReactNode) => ReactNode;
}) {
  const plus = (
    <button
      type="button"
      className={stepButton}
      onClick={onIncrement}
      disabled={incrementDisabled}
      aria-label={`Add one more ${name}`}
    >
      <Plus aria-hidden="true" className="h-4 w-4" />
    </button>
  );
  return (
    <div className="flex items-center justify-between gap-2">
      <button
        type="button"
        className={stepButton}
        onClick={onDecrement}
        aria-label={`Remove one ${name}`}
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <span className="min-w-8 text-center text-lg font-bold tabular-nums" aria-live="polite">
        <span className="sr-only">In cart: </span>
        {count}
      </span>
      {incrementHint ? incrementHint(plus) : plus}
    </div>
  );
}
