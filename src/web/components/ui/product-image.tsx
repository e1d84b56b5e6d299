import { type ImageVariantWidth, isVideoUrl, mediaSrcSet, mediaVariant } from '@shared/media';
import { clsx } from 'clsx';
import { Leaf } from 'lucide-react';

/** The first still image of a product, or undefined. */
export function firstImage(media: readonly string[]): string | undefined {
  return media.find((url) => !isVideoUrl(url));
}

/**
 * A responsive product image inside a fixed-ratio box (no layout shift):
 * `sizes` tells the browser how wide it shows so it picks a small variant.
 */
export function ProductImage({
  url,
  alt,
  sizes,
  width = 320,
  priority = false,
  className,
}: {
  url: string | undefined;
  alt: string;
  sizes: string;
  width?: ImageVariantWidth;
  priority?: boolean;
  className?: string;
}) {
  if (!url) {
    return (
      <div
        // An empty alt marks the picture decorative, as on an <img>: role="img" needs a name.
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={clsx('grid place-items-center bg-surface-2 text-muted', className)}
      >
        <Leaf aria-hidden="true" className="h-1/3 w-1/3 opacity-40" />
      </div>
    );
  }
  return (
    <img
      src={mediaVariant(url, width)}
      srcSet={mediaSrcSet(url)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={width}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={clsx('bg-surface-2 object-cover', className)}
    />
  );
}

/**
 * A product's picture beside (or above) its name: decorative (alt ""), since the name next to it
 * already says what it shows and a reader would hear it twice.
 */
export function ProductThumb({
  media,
  sizes,
  className,
}: {
  media: readonly string[];
  sizes: string;
  className?: string;
}) {
  return <ProductImage url={firstImage(media)} alt="" sizes={sizes} className={className} />;
}
