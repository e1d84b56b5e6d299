/**
 * Uploaded and seeded images are stored as `/media/<name>.webp` with resized
 * variants `/media/<name>-w<width>.webp` beside them, so cards can ask for a
 * size that fits instead of the full image. Videos and foreign URLs have no variants.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1024] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

const VARIANT_CAPABLE = /^\/media\/[A-Za-z0-9_-]+\.webp$/;
const VIDEO = /\.(mp4|webm|mov)$/i;

/** How wide the product page shows its gallery; the server's image preload must say the same. */
export const PRODUCT_GALLERY_SIZES = '(min-width: 1024px) 600px, 100vw';

export function hasVariants(url: string): boolean {
  return VARIANT_CAPABLE.test(url);
}

export function isVideoUrl(url: string): boolean {
  return VIDEO.test(url);
}

export function mediaVariant(url: string, width: ImageVariantWidth): string {
  return hasVariants(url) ? url.replace(/\.webp$/, `-w${width}.webp`) : url;
}

/** A `srcset` value listing every variant, or undefined when the URL has none. */
export function mediaSrcSet(url: string): string | undefined {
  if (!hasVariants(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${mediaVariant(url, w)} ${w}w`).join(', ');
}
