import type { Product } from '@shared/schemas/products';
import { useProgressiveCount } from '@web/lib/use-progressive-count';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useRovingCards } from './use-roving-cards';

const CARDS_PER_STEP = 4;

/**
 * A horizontal, snap-scrolling row of products that advances on its own
 * (every `intervalMs`) and pauses for `pauseMs` after the shopper touches it.
 * CSS scroll-snap does the sliding, so the row costs almost no JavaScript.
 */
export function ProductRow({
  title,
  titleId,
  products,
  renderItem,
  intervalMs,
  pauseMs,
  onTitleClick,
  itemClassName = 'w-[46%] sm:w-[31%] lg:w-[23%] xl:w-[18.5%]',
  loading = false,
}: {
  /** shows a placeholder row of the same size while the products load */
  loading?: boolean;
  title: string;
  titleId: string;
  products: readonly Product[];
  renderItem: (product: Product, index: number) => ReactNode;
  intervalMs: number;
  pauseMs: number;
  onTitleClick?: () => void;
  itemClassName?: string;
}) {
  const scroller = useRef<HTMLUListElement>(null);
  const pausedUntil = useRef(0);
  const [hovering, setHovering] = useState(false);
  // a phone shows two cards; the rest of the row is drawn in the following tasks
  const shown = useProgressiveCount(products.length, CARDS_PER_STEP, titleId);
  const roving = useRovingCards(scroller, !loading && products.length > 0);

  const pause = useCallback(() => {
    pausedUntil.current = Date.now() + pauseMs;
  }, [pauseMs]);

  const step = useCallback((direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const item = el.firstElementChild as HTMLElement | null;
    const distance = item ? item.offsetWidth + 16 : el.clientWidth * 0.8;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
    if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
    else el.scrollBy({ left: direction * distance, behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (products.length < 2 || hovering) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced) return;
    const timer = window.setInterval(() => {
      if (Date.now() < pausedUntil.current || document.hidden) return;
      const el = scroller.current;
      if (!el || el.scrollWidth <= el.clientWidth) return;
      // only move while visible on screen
      const rect = el.getBoundingClientRect();
      if (rect.bottom < 0 || rect.top > window.innerHeight) return;
      step(1);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [products.length, hovering, intervalMs, step]);

  if (!loading && products.length === 0) return null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
          {onTitleClick ? (
            <button
              type="button"
              onClick={onTitleClick}
              className="rounded-lg text-left hover:underline"
            >
              {title}
            </button>
          ) : (
            title
          )}
        </h2>
        <div className="hidden gap-2 sm:flex">
          {([-1, 1] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              aria-label={direction === -1 ? `Scroll ${title} back` : `Scroll ${title} forward`}
              onClick={() => {
                pause();
                step(direction);
              }}
              className="grid h-10 w-10 place-items-center rounded-full border border-line bg-surface hover:bg-surface-2"
            >
              {direction === -1 ? (
                <ChevronLeft aria-hidden="true" className="h-5 w-5" />
              ) : (
                <ChevronRight aria-hidden="true" className="h-5 w-5" />
              )}
            </button>
          ))}
        </div>
      </div>
      {loading ? (
        <div aria-hidden="true" className="-mx-4 flex gap-4 overflow-hidden px-4 pb-1">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className={clsx('shrink-0', itemClassName)}>
              <div className="aspect-square animate-pulse rounded-t-2xl bg-surface-2" />
              <div className="h-40 animate-pulse rounded-b-2xl border-t border-line bg-surface-2" />
            </div>
          ))}
        </div>
      ) : (
        <ul
          ref={scroller}
          className="scrollbar-none relative -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-1"
          onPointerDown={pause}
          onWheel={pause}
          onTouchStart={pause}
          onFocus={(event) => {
            pause();
            roving.onFocus(event);
          }}
          onKeyDown={roving.onKeyDown}
          aria-describedby={`${titleId}-keys`}
          onMouseEnter={() => setHovering(true)}
          onMouseLeave={() => setHovering(false)}
        >
          {products.slice(0, shown).map((product, index) => (
            <li key={product.id} className={clsx('shrink-0 snap-start', itemClassName)}>
              {renderItem(product, index)}
            </li>
          ))}
        </ul>
      )}
      <p id={`${titleId}-keys`} className="sr-only">
        Left and right arrow keys move between products.
      </p>
    </section>
  );
}
