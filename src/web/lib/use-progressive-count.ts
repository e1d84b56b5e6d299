import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `step` at first, then `step` more in each
 * following task until all are shown. Rendering a long list in slices keeps every
 * commit short, so the page answers taps while the rest fills in below the fold.
 * A new `restartKey` (another filter) starts again from `step`; a changed `total`
 * (a live stock update) does not.
 */
export function useProgressiveCount(total: number, step: number, restartKey: string): number {
  const [progress, setProgress] = useState({ key: restartKey, count: step });
  if (progress.key !== restartKey) setProgress({ key: restartKey, count: step });
  const count = progress.key === restartKey ? progress.count : step;

  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() =>
      startTransition(() => setProgress((p) => ({ ...p, count: p.count + step }))),
    );
    return () => window.clearTimeout(timer);
  }, [count, total, step]);

  return Math.min(count, total);
}
