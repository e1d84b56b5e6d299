import { isVideoUrl, mediaSrcSet, mediaVariant, PRODUCT_GALLERY_SIZES } from '../../shared/media';
import type { Product } from '../../shared/schemas/products';
import { escapeHtml } from '../http/html';

/** The product route's module in Vite's manifest (paths are relative to src/web). */
const PRODUCT_ROUTE_MODULE = 'app/routes/product-route.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** What an empty page (the shell) fetches first to draw a product: its route code and its data. */
export interface ShellProductFetches {
  routeScripts: readonly string[];
  dataPath: string;
}

/**
 * Link tags that let a product page fetch its first image, and a shell page also its route
 * code and its data, while the entry script still loads, instead of one after the other.
 * A server-rendered page has its data and loads its code after the paint (main.tsx).
 */
export function productPageHints(product: Product, shell: ShellProductFetches | null): string {
  const tags = shell
    ? [
        ...shell.routeScripts.map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
        ),
        // the API client sends credentials, and a preload serves only a request of the same mode
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(shell.dataPath)}">`,
      ]
    : [];
  const first = product.media[0];
  // the carousel shows media[0] first; a video there is not worth a preload
  if (first && !isVideoUrl(first)) {
    const srcset = mediaSrcSet(first);
    const href = escapeHtml(mediaVariant(first, 1024));
    tags.push(
      srcset
        ? `<link rel="preload" as="image" href="${href}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${PRODUCT_GALLERY_SIZES}" fetchpriority="high">`
        : `<link rel="preload" as="image" href="${href}" fetchpriority="high">`,
    );
  }
  return tags.join('\n    ');
}

/** The product route's chunk and the chunks it imports that the entry does not already load. */
export function productRouteScripts(manifestJson: string): string[] {
  const manifest = JSON.parse(manifestJson) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loadedByEntry = entryKey ? chunkClosure(manifest, entryKey) : new Set<string>();
  if (!manifest[PRODUCT_ROUTE_MODULE]) return [];
  return [...chunkClosure(manifest, PRODUCT_ROUTE_MODULE)]
    .filter((key) => !loadedByEntry.has(key))
    .map((key) => manifest[key].file);
}

/** The manifest keys of a chunk and of every chunk it imports statically. */
export function chunkClosure(manifest: Manifest, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
}
