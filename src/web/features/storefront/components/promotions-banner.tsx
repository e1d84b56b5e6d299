import { type PromotionColor, TIMERS } from '@shared/constants';
import { promotionsForBanner } from '@shared/promotions';
import type { Promotion } from '@shared/schemas/promotions';
import { shopClock } from '@shared/shop-clock';
import { CarouselDot } from '@web/components/ui/carousel-dot';
import { useReducedMotion } from '@web/hooks/use-reduced-motion';
import { useRenderNow } from '@web/lib/render-env';
import { useShopTimeZone } from '@web/lib/shop-clock';
import { clsx } from 'clsx';
import { Pause, Play, Tag } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';

const colors: Record<PromotionColor, string> = {
  'rainbow-red': 'from-rose-600 to-red-500',
  'rainbow-orange': 'from-orange-600 to-amber-500',
  'rainbow-green': 'from-emerald-700 to-green-600',
  'rainbow-blue': 'from-sky-700 to-blue-600',
  'rainbow-purple': 'from-violet-700 to-fuchsia-600',
};

/** Spec §2.3: only promotions active and valid today, advancing every 7 s with a 500 ms slide. */
export function PromotionsBanner({
  promotions,
  loading = false,
}: {
  promotions: readonly Promotion[];
  /** reserves the banner's space while promotions load, so nothing jumps */
  loading?: boolean;
}) {
  const now = useRenderNow();
  const timeZone = useShopTimeZone();
  const day = shopClock(now, timeZone).date;
  // `now` changes every render; the banner changes only with the shop's day
  const visible = useMemo(
    () => promotionsForBanner(promotions, now, timeZone),
    [promotions, day, timeZone],
  );
  const [index, setIndex] = useState(0);
  // paused while the pointer or focus is on it; stopped by its button, or by the system's
  // reduced-motion setting until the shopper presses Play (WCAG 2.2.2)
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;

  useEffect(() => {
    if (visible.length < 2 || paused || !playing) return;
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % visible.length),
      TIMERS.promotionsBannerMs,
    );
    return () => window.clearInterval(timer);
  }, [visible.length, paused, playing]);

  if (loading)
    return (
      <div aria-hidden="true" className="h-40 animate-pulse rounded-2xl bg-surface-2 sm:h-24" />
    );
  if (visible.length === 0) return null;
  const current = index % visible.length;

  return (
    <section
      aria-label="Promotions"
      aria-roledescription="carousel"
      className="relative overflow-hidden rounded-2xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="flex transition-transform ease-out"
        style={{
          transform: `translateX(-${current * 100}%)`,
          transitionDuration: `${TIMERS.promotionsSlideMs}ms`,
        }}
      >
        {visible.map((promo, i) => (
          <div
            key={promo.id}
            aria-hidden={i !== current}
            className={clsx(
              'flex h-40 w-full shrink-0 flex-col justify-center gap-2 bg-gradient-to-r px-5 pt-3 pb-7 text-white sm:h-24 sm:flex-row sm:items-center sm:justify-start sm:gap-4 sm:pb-3',
              colors[promo.color] ?? colors['rainbow-blue'],
            )}
          >
            <div className="hidden h-11 w-11 shrink-0 place-items-center rounded-xl bg-white/15 sm:grid">
              <Tag aria-hidden="true" className="h-5 w-5" />
            </div>
            <div className="min-w-0 sm:flex-1">
              <p className="line-clamp-1 font-bold">{promo.title}</p>
              <p className="line-clamp-2 text-sm text-white/90">{promo.description}</p>
            </div>
            {promo.promoCode && (
              <span className="w-fit shrink-0 rounded-lg border border-dashed border-white/70 px-2.5 py-1 font-mono text-sm font-bold tracking-wider">
                {promo.promoCode.toUpperCase()}
              </span>
            )}
          </div>
        ))}
      </div>
      {visible.length > 1 && (
        <div className="absolute bottom-1 left-1/2 flex -translate-x-1/2 items-center gap-0.5 sm:right-3 sm:left-auto sm:translate-x-0">
          <button
            type="button"
            onClick={() => setPlayChoice(!playing)}
            aria-label={playing ? 'Pause promotions' : 'Play promotions'}
            className="grid h-6 w-6 place-items-center rounded-full text-white hover:bg-white/15"
          >
            {playing ? (
              <Pause aria-hidden="true" className="h-3.5 w-3.5" />
            ) : (
              <Play aria-hidden="true" className="h-3.5 w-3.5" />
            )}
          </button>
          {visible.map((promo, i) => (
            <CarouselDot
              key={promo.id}
              look="banner"
              label={`Show promotion ${i + 1}`}
              current={i === current}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
