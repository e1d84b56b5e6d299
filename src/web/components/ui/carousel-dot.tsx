import { clsx } from 'clsx';

const LOOKS = {
  /** under a picture, on the page's background */
  page: {
    button: 'grid h-8 w-8 place-items-center',
    dot: 'h-2 rounded-full bg-fg transition-all',
    current: 'w-6',
    other: 'w-2 opacity-40',
  },
  /** over a banner's dark picture */
  banner: {
    button: 'grid h-6 w-6 place-items-center',
    dot: 'h-1.5 rounded-full bg-white transition-all',
    current: 'w-4',
    other: 'w-1.5 opacity-60',
  },
} as const;

/**
 * One slide's dot under a carousel: a button that shows that slide, the current one drawn
 * longer and marked `aria-current`; the button is larger than the dot so a thumb can hit it.
 */
export function CarouselDot({
  label,
  current,
  look,
  onClick,
}: {
  label: string;
  current: boolean;
  look: keyof typeof LOOKS;
  onClick: () => void;
}) {
  const classes = LOOKS[look];
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-current={current}
      className={classes.button}
    >
      <span className={clsx(classes.dot, current ? classes.current : classes.other)} />
    </button>
  );
}
