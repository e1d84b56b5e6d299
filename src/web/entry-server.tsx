import type { ReadableAddress } from '@shared/slugs';
import { type DehydratedState, dehydrate, type FetchQueryOptions } from '@tanstack/react-query';
// Not react-dom/static: its Node build runs each render in an AsyncLocalStorage of its own and
// never disables it, so after the first page every promise in the process paid Node 20's
// async hooks. The edge build uses one only where the runtime offers it globally, which Node does not.
import { prerender } from 'react-dom/static.edge';
import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';
import { categoriesQueryOptions } from './api/get-categories';
import { dealerSettingsQueryOptions } from './api/get-dealer-settings';
import { newestProductsQueryOptions } from './api/get-newest-products';
import { productQueryOptions } from './api/get-product';
import { productByUrlQueryOptions } from './api/get-product-by-url';
import { productsQueryOptions } from './api/get-products';
import { promotionsQueryOptions } from './api/get-promotions';
import { Root } from './app/root';
import { ProductRoute } from './app/router';
import { loadPriceDisplay } from './features/compliance/components/tax-inclusive-prices';
import { ApiError } from './lib/api-client';
import { paths } from './lib/paths';
import { createQueryClient } from './lib/query-client';
import type { RenderEnv } from './lib/render-env';

export { setApiTransport } from './lib/api-client';
export type { RenderEnv } from './lib/render-env';

type PageQuery = FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>;

interface StorefrontPage {
  kind: 'home' | 'product';
  queries: PageQuery[];
}

/** Decodes the path as wouter does before matching, so the params (and query keys) agree. */
function routerPath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

type Parsed = { keys: string[]; pattern: RegExp };
const parsedPatterns = new Map<string, Parsed>();

/** regexparam's parse, once per pattern: every page request asks which page it is. */
function parseOnce(pattern: string, loose?: boolean): Parsed {
  const key = `${pattern}|${loose === true}`;
  let parsed = parsedPatterns.get(key);
  if (!parsed) {
    parsed = parsePattern(pattern, loose) as Parsed;
    parsedPatterns.set(key, parsed);
  }
  return parsed;
}

function match(pattern: string, path: string): Record<string, string | undefined> | null {
  const [matched, params] = matchRoute(parseOnce, pattern, path);
  return matched ? (params as Record<string, string | undefined>) : null;
}

function productQuery(path: string): PageQuery | null {
  const byId = match(paths.productById, path);
  if (byId) {
    const id = Number(byId.id);
    return Number.isInteger(id) && id > 0 ? (productQueryOptions(id) as PageQuery) : null;
  }
  const address =
    match(paths.productByAddress, path) ?? match(paths.productByAddressWithStrain, path);
  if (!address?.category || !address.subcategory || !address.name) return null;
  const readable: ReadableAddress = {
    category: address.category,
    subcategory: address.subcategory,
    strain: address.strain,
    name: address.name,
  };
  return productByUrlQueryOptions(readable) as PageQuery;
}

/** The pages rendered on the server and the queries each one prints; null = the plain shell. */
export function storefrontPage(pathname: string): StorefrontPage | null {
  const path = routerPath(pathname);
  const shared = [dealerSettingsQueryOptions(), categoriesQueryOptions()] as PageQuery[];
  if (path === paths.home) {
    return {
      kind: 'home',
      queries: [
        ...shared,
        productsQueryOptions(),
        promotionsQueryOptions(),
        newestProductsQueryOptions(),
      ] as PageQuery[],
    };
  }
  const product = productQuery(path);
  return product ? { kind: 'product', queries: [...shared, product] } : null;
}

export interface RenderedStorefront {
  /** the markup that goes inside #root */
  html: string;
  /** the queries the page was rendered with, for the browser's cache */
  state: DehydratedState;
}

/**
 * Renders a storefront page with its data. The queries run through the API client, so on the
 * server they must be answered by `setApiTransport`. An unknown product gives null and any
 * other failure rejects; either way the caller serves the shell instead.
 */
export async function renderStorefront(
  url: string,
  env: RenderEnv,
): Promise<RenderedStorefront | null> {
  // the server passes the home page's menu filter already in its normal form
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const search = at < 0 ? '' : url.slice(at + 1);
  const page = storefrontPage(pathname);
  if (!page) return null;
  const client = createQueryClient();
  let settings: unknown;
  try {
    [settings] = await Promise.all(page.queries.map((query) => client.fetchQuery(query)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null; // no such product
    throw error;
  }
  if ((settings as { pricesIncludeTaxes?: boolean } | undefined)?.pricesIncludeTaxes)
    await loadPriceDisplay();
  if (page.kind === 'product') await ProductRoute.preload();
  const { prelude } = await prerender(
    <Root client={client} env={env} ssrPath={pathname} ssrSearch={search} />,
  );
  return { html: await new Response(prelude).text(), state: dehydrate(client) };
}
