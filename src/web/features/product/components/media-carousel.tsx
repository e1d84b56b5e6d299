import {
  isVideoUrl,
  mediaSrcSet,
  mediaVariant,
  PRODUCT_GALLERY_SIZES as SIZES,
} from '@shared/media';
import { CarouselDot } from '@web/components/ui/carousel-dot';
import { IconButton } from '@web/components/ui/icon-button';
import { ProductImage } from '@web/components/ui/product-image';
import { clsx } from 'clsx';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

const OVERLAY_ARROW =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-black/55 text-white backdrop-blur hover:bg-black/70';

/** The arrow over the slide's left or right edge that turns to the previous or the next image. */
function OverlayArrow({ to, onClick }: { to: 'previous' | 'next'; onClick: () => void }) {
  const previous = to === 'previous';
  return (
    <IconButton
      label={previous ? 'Previous image' : 'Next image'}
      icon={previous ? ChevronLeft : ChevronRight}
      iconClassName="h-6 w-6"
      onClick={onClick}
      className={clsx(OVERLAY_ARROW, previous ? 'left-3' : 'right-3')}
    />
  );
}

/** Spec §2.6 fixes the alt text as "{name} image {n}". */
const slideAlt = (name: string, index: number) => `${name} image ${index + 1}`;

type Turn = (carousel: EmblaCarouselType) => void;

/**
 * Swiping comes from embla, loaded only for a product with several images and only once the
 * page is up: most products have one, and their page ships none of it (issue 42 §1). A tap on
 * an arrow or a dot before it has arrived is kept and done when it does.
 */
function useSwipe(several: boolean, slides: string) {
  const viewport = useRef<HTMLDivElement>(null);
  const api = useRef<EmblaCarouselType | null>(null);
  const waiting = useRef<Turn | null>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!several || !viewport.current) return;
    const node = viewport.current;
    let live = true;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (!live) return;
      const carousel = EmblaCarousel(node, { loop: true });
      carousel.on('select', (current) => setSelected(current.selectedScrollSnap()));
      api.current = carousel;
      waiting.current?.(carousel);
      waiting.current = null;
    });
    return () => {
      live = false;
      api.current?.destroy();
      api.current = null;
      setSelected(0);
    };
  }, [several, slides]);
  const turn = useCallback((how: Turn) => {
    if (api.current) how(api.current);
    else waiting.current = how;
  }, []);
  return { viewport, turn, selected };
}

/** Spec §2.6: looping carousel; prev/next and dots only with more than one image. */
export function MediaCarousel({ name, media }: { name: string; media: readonly string[] }) {
  const several = media.length > 1;
  const { viewport, turn, selected } = useSwipe(several, media.join('\n'));

  const prev = useCallback(() => turn((carousel) => carousel.scrollPrev()), [turn]);
  const next = useCallback(() => turn((carousel) => carousel.scrollNext()), [turn]);

  if (media.length === 0) {
    return (
      <ProductImage
        url={undefined}
        alt={slideAlt(name, 0)}
        sizes={SIZES}
        className="aspect-square w-full rounded-3xl border border-line"
      />
    );
  }

  return (
    <section aria-roledescription="carousel" aria-label={`${name} images`} className="relative">
      <div ref={viewport} className="overflow-hidden rounded-3xl border border-line bg-surface-2">
        <div className="flex">
          {media.map((url, i) => (
            <div key={url} className="aspect-square min-w-0 shrink-0 grow-0 basis-full">
              {isVideoUrl(url) ? (
                <video
                  src={url}
                  controls
                  muted
                  playsInline
                  className="h-full w-full object-cover"
                  aria-label={slideAlt(name, i)}
                />
              ) : (
                <img
                  src={mediaVariant(url, 1024)}
                  srcSet={mediaSrcSet(url)}
                  sizes={SIZES}
                  alt={slideAlt(name, i)}
                  width={1024}
                  height={1024}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  className="h-full w-full object-cover"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {several && (
        <>
          <OverlayArrow to="previous" onClick={prev} />
          <OverlayArrow to="next" onClick={next} />
          <div className="mt-3 flex justify-center gap-1">
            {media.map((url, i) => (
              <CarouselDot
                key={url}
                look="page"
                label={`Show image ${i + 1}`}
                current={i === selected}
                onClick={() => turn((carousel) => carousel.scrollTo(i))}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
