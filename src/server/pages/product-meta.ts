import { mediaVariant } from '../../shared/media';
import type { Product } from '../../shared/schemas/products';

import { escapeHtml } from '../http/html';

/**
 * Title, description and Open Graph tags so a shared product link shows the
 * product. Absolute links (og:url, og:image) are built from PUBLIC_URL only,
 * never from the request's Host header; without it they are left out.
 */
export function productMetaTags(
  product: Product,
  publicUrl: string | null,
  pagePath: string,
): string {
  const title = `${product.name} | Canopy`;
  const description = product.description.slice(0, 200);
  const image = product.media.find((m) => !/\.(mp4|webm|mov)$/i.test(m));
  const imageUrl = image && publicUrl ? new URL(mediaVariant(image, 1024), publicUrl).href : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="product">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
  ];
  if (publicUrl)
    tags.push(
      `<meta property="og:url" content="${escapeHtml(new URL(pagePath, publicUrl).href)}">`,
    );
  tags.push(`<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">`);
  if (imageUrl) tags.push(`<meta property="og:image" content="${escapeHtml(imageUrl)}">`);
  return tags.join('\n    ');
}
