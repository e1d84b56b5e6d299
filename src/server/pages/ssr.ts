import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENT_POLICY } from '../../shared/event-policy';
import { menuFilterQuery, parseMenuFilter } from '../../shared/menu-filter';
import { readPreferenceCookies } from '../../shared/preference-cookies';
import { shopClock, zoneOffsetSpan } from '../../shared/shop-clock';
import { DEFAULT_THEME, THEME_BACKGROUNDS, type Theme } from '../../shared/theme';
import {
  type RenderEnv,
  type RenderedStorefront,
  renderStorefront,
  setApiTransport,
  storefrontPage,
} from '../../web/entry-server';
import { staticAgeGateHtml } from '../../web/features/age-gate/static-age-gate';
import { type EncodedBody, encodeBody } from '../http/encoded-body';

const RENDER_TIMEOUT_MS = 2000;
const MAX_RENDERED_PATHS = 256;
/** compressed pages kept (a product page is about 60 KB in its three encodings) */
const MAX_ENCODED_PAGES = 256;
export const SHELL_ROOT = '<div id="root"></div>';

/** The queries a server render makes are answered by the app itself, without HTTP. */
const renderingApp = new AsyncLocalStorage<FastifyInstance>();
setApiTransport(async (path, init) => {
  const app = renderingApp.getStore();
  if (!app) throw new Error(`no app to answer ${path} during a server render`);
  const answer = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: path,
    headers: { accept: 'application/json' },
  });
  return new Response(answer.body, { status: answer.statusCode });
});

let rendersRunning = 0;

/**
 * Runs a render with its app in reach of the API transport. Node 20's AsyncLocalStorage
 * hooks every promise of the process while it is enabled (measured: 3-4% of a cached
 * page's cost, and every API call would pay it too), so it is on only while renders run.
 */
function rendering<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  rendersRunning += 1;
  const finished = () => {
    rendersRunning -= 1;
    if (rendersRunning === 0) renderingApp.disable();
  };
  const result = renderingApp.run(app, work);
  result.then(finished, finished);
  return result;
}

interface Rendered {
  app: RenderedStorefront;
  env: RenderEnv;
  /** the template with this page's own head tags (product meta) */
  template: string;
}

interface RenderEntry {
  key: string;
  template: string;
  result: Promise<Rendered | null>;
  /** the result once it is in, for answers that must not wait */
  settled?: Rendered | null;
}

/** Adds a page's own head tags (a product's title and meta) to the shell's template. */
export type TemplateDecorator = (template: string) => Promise<string>;

export interface StorefrontRequest {
  pathname: string;
  /** what is rendered: the path, and on the home page its menu filter in normal form */
  page: string;
  theme: Theme;
  ageVerified: boolean;
}

/**
 * Renders `/` and the product pages on the server (decision record 010), once per storefront
 * version, shop date and template, and keeps each page's bytes pre-compressed per theme and
 * age-gate state, so a repeat visit costs what serving a file costs.
 */
export function createStorefrontRenderer(app: FastifyInstance) {
  let version = 0;
  app.events.subscribe((event) => {
    if (EVENT_POLICY[event.type].storefront) version += 1;
  });
  const renders = new Map<string, RenderEntry>();
  const pages = new Map<string, { render: Rendered; body: EncodedBody }>();

  function renderKey(now: Date): string {
    return `${version}|${shopClock(now, app.config.SHOP_TIMEZONE).date}`;
  }

  /** The rendered page's bytes as this shopper sees them, if they were composed already. */
  function keptPage(request: StorefrontRequest, rendered: Rendered): EncodedBody | null {
    const kept = pages.get(pageKey(request));
    return kept?.render === rendered ? kept.body : null;
  }

  /** The path's render, while it is for the current storefront version, shop date and template. */
  function currentRender(page: string, template: string, now: Date): RenderEntry | null {
    const entry = renders.get(page);
    return entry && entry.template === template && entry.key === renderKey(now) ? entry : null;
  }

  function render(page: string, template: string, decorate: TemplateDecorator): RenderEntry {
    const now = new Date();
    const current = currentRender(page, template, now);
    if (current) return current;
    const key = renderKey(now);
    const timeZone = app.config.SHOP_TIMEZONE;
    const env = {
      now: now.getTime(),
      timeZone,
      clock: shopClock(now, timeZone),
      offset: zoneOffsetSpan(now, timeZone),
    };
    const result = withTimeout(
      rendering(app, () =>
        Promise.all([renderStorefront(page, env), decorate(template)]).then(
          ([rendered, pageTemplate]) => rendered && { app: rendered, env, template: pageTemplate },
        ),
      ),
      RENDER_TIMEOUT_MS,
    );
    const entry: RenderEntry = { key, template, result };
    renders.delete(page);
    renders.set(page, entry);
    if (renders.size > MAX_RENDERED_PATHS) renders.delete(renders.keys().next().value as string);
    result.then(
      (rendered) => {
        entry.settled = rendered;
      },
      // a failed render is not kept: the next request tries again
      () => {
        if (renders.get(page) === entry) renders.delete(page);
      },
    );
    return entry;
  }

  return {
    /** The page's bytes, or null when this path is not server-rendered (the shell answers). */
    async page(
      request: StorefrontRequest,
      template: string,
      decorate: TemplateDecorator,
    ): Promise<EncodedBody | null> {
      if (!template.includes(SHELL_ROOT) || !storefrontPage(request.pathname)) return null;
      const rendered = await render(request.page, template, decorate).result;
      if (!rendered) return null;
      const kept = keptPage(request, rendered);
      if (kept) return kept;
      const body = encodeBody(Buffer.from(composePage(rendered, request)));
      const key = pageKey(request);
      pages.delete(key);
      pages.set(key, { render: rendered, body });
      if (pages.size > MAX_ENCODED_PAGES) pages.delete(pages.keys().next().value as string);
      return body;
    },

    /**
     * The page's bytes when they are ready to send as they are: rendered for the current
     * storefront version, shop date and template, and composed for this shopper before.
     * Null whenever `page()` would have work to do.
     */
    cached(request: FastifyRequest, template: string): EncodedBody | null {
      // looked up before the cookies are read: most requests are not for a rendered page
      const rendered = currentRender(renderedPage(request.url), template, new Date())?.settled;
      return rendered ? keptPage(storefrontRequest(request), rendered) : null;
    },

    /** how many composed pages are kept (path × theme × age-gate state) */
    composedPages: () => pages.size,
  };
}

/**
 * A composed page differs by path (with the home page's menu filter), theme and age-gate state
 * only. The filter is read into its normal form and every other query parameter is dropped, so
 * `/?q=1`, `/?q=2`… are one entry and `/?brand=Kiva&sort=name` is `/?sort=name&brand=Kiva&utm=1`:
 * a stream of unique query strings can neither make the shop render and compress a page per
 * URL nor push real pages out.
 */
function pageKey(request: StorefrontRequest): string {
  return `${request.page}|${request.theme}|${request.ageVerified}`;
}

/** The page a URL renders: its path, plus the normal menu filter on the home page. */
export function renderedPage(url: string): string {
  const { pathname, search } = splitRequestUrl(url);
  if (pathname !== '/' || search === '') return pathname;
  const query = menuFilterQuery(parseMenuFilter(search));
  return query ? `${pathname}?${query}` : pathname;
}

export type StorefrontRenderer = ReturnType<typeof createStorefrontRenderer>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Data blocks are never executed, so they pass `script-src 'self'`; `<` cannot end them. */
function dataScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** React puts image preloads first in its output; they belong in the head. */
function splitLeadingLinks(html: string): { links: string; body: string } {
  const match = /^(?:<link [^>]*\/?>)+/.exec(html);
  return match ? { links: match[0], body: html.slice(match[0].length) } : { links: '', body: html };
}

/**
 * A rendered page paints from its HTML: its scripts come after the stylesheet and the images
 * the first screen shows, instead of competing with them (they still run after parsing).
 */
function lowerScriptPriority(template: string): string {
  return template.replace(
    /<(script type="module"|link rel="modulepreload")/g,
    (_, tag: string) => `<${tag} fetchpriority="low"`,
  );
}

function composePage(rendered: Rendered, request: StorefrontRequest): string {
  const { links, body } = splitLeadingLinks(rendered.app.html);
  const gate = request.ageVerified ? '' : staticAgeGateHtml(request.pathname);
  // until the app has hydrated, taps are held back (styles.css); without scripts they never are
  const head = `${links}<noscript><style>html[data-hydrating] #root *{pointer-events:auto!important}</style></noscript>`;
  return lowerScriptPriority(rendered.template)
    .replace(/<html\b[^>]*>/, () => `<html lang="en" class="${request.theme}" data-hydrating>`)
    .replace(
      /<meta name="theme-color"[^>]*>/,
      () => `<meta name="theme-color" content="${THEME_BACKGROUNDS[request.theme]}" />`,
    )
    .replace('</head>', () => `${head}</head>`)
    .replace(SHELL_ROOT, () => `${gate}<div id="root">${body}</div>`)
    .replace(
      '</body>',
      () =>
        `${dataScript('canopy-state', rendered.app.state)}${dataScript('canopy-env', rendered.env)}</body>`,
    );
}

/** A request URL's path, and its query with its `?` ('' when there is none). */
export function splitRequestUrl(url: string): { pathname: string; search: string } {
  const at = url.indexOf('?');
  if (at < 0) return { pathname: url, search: '' };
  return { pathname: url.slice(0, at), search: at + 1 < url.length ? url.slice(at) : '' };
}

/** The preferences the page was rendered for, from the shopper's cookies. */
export function storefrontRequest(request: FastifyRequest): StorefrontRequest {
  const { pathname } = splitRequestUrl(request.url);
  const cookies = readPreferenceCookies(request.headers.cookie);
  return {
    pathname,
    page: renderedPage(request.url),
    theme: cookies.theme ?? DEFAULT_THEME,
    ageVerified: cookies.ageVerified,
  };
}
