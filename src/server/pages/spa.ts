import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../shared/preference-cookies';
import { productApiPath, productByAddressApiPath, type ReadableAddress } from '../../shared/slugs';
import { type EncodedBody, sendEncoded } from '../http/encoded-body';
import { escapeHtml } from '../http/html';
import { DEALER_COOKIE } from '../modules/auth/guard';
import { findProduct, findProductByAddress } from '../modules/catalog/service';
import { buildFileReader } from './build-file';
import { productPageHints, productRouteScripts } from './page-hints';
import { productMetaTags } from './product-meta';
import {
  createStorefrontRenderer,
  type StorefrontRenderer,
  splitRequestUrl,
  storefrontRequest,
  type TemplateDecorator,
} from './ssr';

const HTML = 'text/html; charset=utf-8';
/** a rendered page differs by encoding, theme and age gate (both cookies) */
const PAGE_VARY = 'accept-encoding, cookie';

/** The built web client: its files, and the storefront pages rendered from its template. */
export interface WebBuild {
  dir: string;
  /** index.html with the shop's time zone, or null until the client is built */
  readIndex: () => string | null;
  /** the product route's scripts, for the hints of a product page served as the shell */
  readProductScripts: () => readonly string[] | null;
  storefront: StorefrontRenderer;
}

export function openWebBuild(app: FastifyInstance, webDir: string | null): WebBuild | null {
  if (!webDir) return null;
  // the browser schedules deliveries on the shop's clock, not the phone's
  const zoneTag = `<meta name="shop-time-zone" content="${escapeHtml(app.config.SHOP_TIMEZONE)}">`;
  return {
    dir: webDir,
    readIndex: buildFileReader(path.join(webDir, 'index.html'), (html) =>
      html.replace('</head>', () => `${zoneTag}</head>`),
    ),
    // no manifest (an older build): product pages work, only without the hints
    readProductScripts: buildFileReader(
      path.join(webDir, '.vite', 'manifest.json'),
      productRouteScripts,
    ),
    storefront: createStorefrontRenderer(app),
  };
}

/** A dealer's pages differ from a shopper's, so a dealer always gets the shell. */
function fromDealer(request: FastifyRequest): boolean {
  return cookieValue(request.headers.cookie, DEALER_COOKIE) !== null;
}

/**
 * Answers a repeat visit to a rendered page from the first hooks, with the bytes kept for
 * it: cookies, compression, origin checks and routing have nothing to add to such an
 * answer, and running them was most of what it cost. Registered after the security
 * headers and the metrics, so the answer carries the one and is counted by the other.
 */
export function answerCachedPages(app: FastifyInstance, build: WebBuild | null): void {
  if (!build) return;
  app.addHook('onRequest', (request, reply, done) => {
    const template = request.method === 'GET' ? build.readIndex() : null;
    const body = template && build.storefront.cached(request, template);
    if (!body || fromDealer(request)) return done();
    sendEncoded(request, reply, body, HTML, PAGE_VARY);
  });
}

/**
 * Serves the built client: hashed assets from disk, and index.html for every
 * other non-API path so the browser router can answer (404 page included).
 */
export async function registerSpa(app: FastifyInstance, build: WebBuild | null): Promise<void> {
  if (build) {
    await app.register(fastifyStatic, {
      root: build.dir,
      prefix: '/',
      // files are looked up per request, so a rebuild's new asset names are served without a restart
      wildcard: true,
      index: false,
      // keeps .vite/manifest.json (read below for preload hints) private
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const url = splitRequestUrl(request.url).pathname;
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/media/') ||
      url.startsWith('/assets/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .status(404)
        .send({ error: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    const indexHtml = build?.readIndex();
    if (!build || !indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client is not built yet: run npm run build.');
    }
    const withMeta = (html: string, routeScripts: readonly string[] | null) =>
      url.startsWith('/product/')
        ? withProductMeta(app, request, html, routeScripts)
        : Promise.resolve(html);
    const rendered = await renderedPage(build.storefront, request, indexHtml, (html) =>
      withMeta(html, null),
    );
    if (rendered) return sendEncoded(request, reply, rendered, HTML, PAGE_VARY);
    return reply
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(await withMeta(indexHtml, build.readProductScripts() ?? []));
  }

  // '/' is a directory to the static plugin, so the shell answers it explicitly.
  app.get('/', sendShell);
  // rendered pages, answered without first looking for a file of that name on disk
  app.get('/product/*', sendShell);
  app.setNotFoundHandler(sendShell);
}

/** Shoppers get `/` and product pages rendered; a dealer's page differs, so it keeps the shell. */
async function renderedPage(
  storefront: StorefrontRenderer,
  request: FastifyRequest,
  template: string,
  decorate: TemplateDecorator,
): Promise<EncodedBody | null> {
  if (fromDealer(request)) return null;
  try {
    return await storefront.page(storefrontRequest(request), template, decorate);
  } catch (error) {
    request.log.warn({ err: error }, 'server render failed; serving the shell');
    return null;
  }
}

async function withProductMeta(
  app: FastifyInstance,
  request: FastifyRequest,
  html: string,
  /** null on a server-rendered page, which needs no hints for its code and data */
  routeScripts: readonly string[] | null,
) {
  const pagePath = splitRequestUrl(request.url).pathname;
  let segments: string[];
  try {
    segments = pagePath.split('/').slice(2).map(decodeURIComponent);
  } catch {
    return html; // a malformed %-escape names no product
  }
  const id = segments.length === 1 && /^\d+$/.test(segments[0]) ? Number(segments[0]) : null;
  const address: ReadableAddress | null =
    segments.length === 3 || segments.length === 4
      ? {
          category: segments[0],
          subcategory: segments[1],
          strain: segments.length === 4 ? segments[2] : undefined,
          name: segments[segments.length - 1],
        }
      : null;
  try {
    const product =
      id !== null
        ? await findProduct(app.db.kysely, id)
        : address
          ? await findProductByAddress(app.db.kysely, address)
          : undefined;
    if (!product) return html;
    // the request the product page makes first, built by the same code as the browser's
    const dataPath = id !== null ? productApiPath(id) : productByAddressApiPath(address!);
    const shell = routeScripts && { routeScripts, dataPath };
    const tags = `${productMetaTags(product, app.config.PUBLIC_URL ?? null, pagePath)}\n    ${productPageHints(product, shell)}`;
    // Replacer functions: a product named `$\`` or `$&` must not be read as a replacement pattern.
    return html
      .replace(/<title>[^<]*<\/title>/, () => '')
      .replace(/<meta name="description"[^>]*>/, () => '')
      .replace('</head>', () => `${tags}</head>`);
  } catch (error) {
    request.log.warn({ err: error }, 'product meta lookup failed');
    return html;
  }
}
