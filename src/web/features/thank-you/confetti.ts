/**
 * Spec §2.9: 100 particles, then 50 from the left after 250 ms and 50 from the right
 * after 400 ms. Loaded on demand; skipped for shoppers who prefer reduced motion.
 * The library's default instance draws in a blob: worker, which our CSP (script-src
 * 'self') refuses, so it draws on its own canvas in the page instead.
 */
const COLORS = ['#f87171', '#fb923c', '#facc15', '#4ade80', '#60a5fa', '#c084fc'];
const LINGER_MS = 6000;

export function celebrate(): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
  let cancelled = false;
  const timers: number[] = [];
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.testid = 'confetti';
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '90',
  });
  let reset: (() => void) | undefined;

  void import('canvas-confetti')
    .then(({ default: confetti }) => {
      if (cancelled) return;
      document.body.appendChild(canvas);
      const fire = confetti.create(canvas, { resize: true, useWorker: false });
      reset = () => fire.reset();
      fire({ particleCount: 100, spread: 70, origin: { y: 0.6 }, colors: COLORS });
      timers.push(
        window.setTimeout(
          () =>
            fire({ particleCount: 50, angle: 60, spread: 55, origin: { x: 0 }, colors: COLORS }),
          250,
        ),
        window.setTimeout(
          () =>
            fire({ particleCount: 50, angle: 120, spread: 55, origin: { x: 1 }, colors: COLORS }),
          400,
        ),
        window.setTimeout(() => canvas.remove(), LINGER_MS),
      );
    })
    .catch((error: unknown) => console.warn('confetti could not load', error));

  return () => {
    cancelled = true;
    for (const timer of timers) window.clearTimeout(timer);
    reset?.();
    canvas.remove();
  };
}
