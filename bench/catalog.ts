import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Product } from '../src/shared/schemas/products';
import { spawnServer } from '../test/server-process';
import {
  BACKEND,
  benchDatabase,
  DEALER_ENV,
  dealerCookie,
  type Figure,
  fillCatalog,
  fmt,
  getRaw,
  type LoadResult,
  load,
  log,
  patchableProduct,
  patcher,
  percentile,
  SECONDS,
  startNginx,
} from './lib/common';
import { searchFigures } from './search';

type Headers = Record<string, string>;

const ACCEPT: Headers = { 'accept-encoding': 'gzip' };
/** A shopper past the age gate in the dark theme (decision record 010): one cached page variant. */
const SHOPPER: Headers = { ...ACCEPT, cookie: 'canopy_age=1; canopy_theme=theme-dark' };
/** Product PATCHes for the miss row, each followed by one timed GET / */
const MISS_ROUNDS = 5;

/** One request as Canopy answered it, and the same bytes in nginx's root. */
interface Mirrored {
  path: string;
  headers: Headers;
  gzip: Buffer;
  identity: Buffer;
  etag: string | undefined;
}

/**
 * Canopy's gzip and identity answers to `urlPath` (the same headers without Accept-Encoding),
 * written under `root` as `file` and `file.gz`: nginx serves the `.gz` with gzip_static.
 */
async function mirror(
  serverUrl: string,
  urlPath: string,
  headers: Headers,
  root: string,
  file: string,
): Promise<Mirrored> {
  const gzip = await getRaw(`${serverUrl}${urlPath}`, headers);
  if (gzip.status !== 200 || gzip.headers['content-encoding'] !== 'gzip') {
    throw new Error(`expected a gzip answer to GET ${urlPath}, got ${gzip.status}`);
  }
  const { 'accept-encoding': _, ...identityHeaders } = headers;
  const identity = await getRaw(`${serverUrl}${urlPath}`, identityHeaders);
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), identity.body);
  writeFileSync(path.join(root, `${file}.gz`), gzip.body);
  return {
    path: urlPath,
    headers,
    gzip: gzip.body,
    identity: identity.body,
    etag: gzip.headers.etag,
  };
}

/**
 * A server-rendered page as a returning shopper gets it (`SHOPPER`), mirrored for nginx: the
 * second answer must come from the page cache (same ETag) and be the rendered shop, not the
 * shell or the age gate.
 */
async function mirrorRenderedPage(
  serverUrl: string,
  urlPath: string,
  root: string,
  file: string,
): Promise<Mirrored> {
  const first = await getRaw(`${serverUrl}${urlPath}`, SHOPPER);
  const page = await mirror(serverUrl, urlPath, SHOPPER, root, file);
  if (!first.headers.etag || first.headers.etag !== page.etag) {
    throw new Error(
      `GET ${urlPath} twice: the second answer is not a cache hit (ETag ${first.headers.etag} then ${page.etag})`,
    );
  }
  const html = page.identity.toString();
  if (!html.includes('id="canopy-state"')) {
    throw new Error(`GET ${urlPath} answered the shell, not a server-rendered page`);
  }
  if (html.includes('id="age-gate-static"')) {
    throw new Error(`GET ${urlPath} with canopy_age=1 still carries the static age gate`);
  }
  if (!/<html[^>]* class="theme-dark"/.test(html)) {
    throw new Error(`GET ${urlPath} with canopy_theme=theme-dark is not in the dark theme`);
  }
  if (!gunzipSync(page.gzip).equals(page.identity)) {
    throw new Error(`GET ${urlPath}: the gzip and identity answers are different pages`);
  }
  return page;
}

async function checkNginxServes(nginxUrl: string, page: Mirrored): Promise<void> {
  const check = await getRaw(`${nginxUrl}${page.path}`, page.headers);
  if (!check.body.equals(page.gzip)) {
    throw new Error(`nginx does not serve the same bytes for ${page.path}`);
  }
}

interface Peak {
  canopy: LoadResult;
  reference: LoadResult;
}

/** The same request to Canopy and to nginx: a second's warm-up each, then SECONDS x 50 connections. */
async function peakVersusNginx(
  label: string,
  serverUrl: string,
  nginxUrl: string,
  page: Mirrored,
): Promise<Peak> {
  const { headers } = page;
  log(`${label}: warm-up`);
  await load(`${serverUrl}${page.path}`, { seconds: 1, headers });
  await load(`${nginxUrl}${page.path}`, { seconds: 1, headers });
  log(`${label}: Canopy ${SECONDS}s x 50 connections`);
  const canopy = await load(`${serverUrl}${page.path}`, { headers });
  log(`${label}: nginx ${SECONDS}s x 50 connections`);
  const reference = await load(`${nginxUrl}${page.path}`, { headers });
  return { canopy, reference };
}

function ratioToNginx(
  benchmark: string,
  figure: string,
  { canopy, reference }: Peak,
  target: number,
  note: string,
): Figure {
  const ratio = canopy.rps / reference.rps;
  return {
    benchmark,
    backend: BACKEND,
    figure,
    value: `${fmt(canopy.rps, 0)} vs ${fmt(reference.rps, 0)} req/s = ${fmt(ratio, 2)}`,
    target: `>= ${target}`,
    pass: ratio >= target,
    note,
  };
}

/** A rendered page's size and its latency at peak, for the note of its row. */
function pageNote(page: Mirrored, { canopy, reference }: Peak): string {
  return `${fmt(page.gzip.length / 1024)} KB gzip (${fmt(page.identity.length / 1024)} KB HTML); p50 / p99 ${canopy.p50} / ${canopy.p99} ms | nginx ${reference.p50} / ${reference.p99} ms; errors ${canopy.errors + canopy.non2xx} | ${reference.errors + reference.non2xx}`;
}

/**
 * The first GET of `urlPath` after each of MISS_ROUNDS product PATCHes: the page is rendered
 * and encoded again (the product list too, on `/`). Each answer must be a new page.
 */
async function missTimes(
  serverUrl: string,
  urlPath: string,
  patch: (n: number) => Promise<void>,
): Promise<number[]> {
  let etag = (await getRaw(`${serverUrl}${urlPath}`, SHOPPER)).headers.etag;
  const times: number[] = [];
  for (let n = 0; n < MISS_ROUNDS; n++) {
    await patch(n);
    const started = performance.now();
    const answer = await getRaw(`${serverUrl}${urlPath}`, SHOPPER);
    times.push(performance.now() - started);
    if (answer.status !== 200 || !answer.headers.etag || answer.headers.etag === etag) {
      throw new Error(
        `GET ${urlPath} after a product PATCH: ${answer.status}, ETag ${answer.headers.etag} (before ${etag}), not a new page`,
      );
    }
    etag = answer.headers.etag;
  }
  return times;
}

/**
 * Benchmark 1: GET /api/products with 2,000 products against nginx serving the
 * identical gzip bytes from a file, same machine, same run. 1b and 1c: the
 * server-rendered `/` and a product page of that catalog, cache hits, against
 * nginx serving their bytes; then what a miss (the first request after a change) costs.
 */
export async function catalogBench(): Promise<Figure[]> {
  const fresh = await benchDatabase();
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'canopy-static-'));
  try {
    log('catalog: generating 2,000 products');
    await fillCatalog(fresh, 2000);
    const server = await spawnServer({
      env: { ...fresh.env, SEED_DEMO: 'false', ...DEALER_ENV },
      bundle: true,
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
      extraNodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
    });
    try {
      // The same bytes for nginx: products.json.gz is served by gzip_static.
      const list = await mirror(server.url, '/api/products', ACCEPT, staticRoot, 'products.json');
      const products = JSON.parse(list.identity.toString()) as Product[];
      // nginx answers / and /product/{id} from {path}/index.html(.gz)
      const home = await mirrorRenderedPage(server.url, '/', staticRoot, 'index.html');
      const productPath = `/product/${products[0].id}`;
      const product = await mirrorRenderedPage(
        server.url,
        productPath,
        staticRoot,
        `${productPath.slice(1)}/index.html`,
      );
      const nginx = await startNginx(staticRoot, 1);
      try {
        for (const page of [list, home, product]) await checkNginxServes(nginx.url, page);

        const peak = await peakVersusNginx('catalog', server.url, nginx.url, list);
        const { canopy, reference } = peak;
        log('catalog: Canopy at half of its peak rate');
        const half = await load(`${server.url}/api/products`, {
          headers: ACCEPT,
          rate: canopy.rps / 2,
        });
        log('catalog: nginx at the same rate');
        const nginxHalf = await load(`${nginx.url}/api/products`, {
          headers: ACCEPT,
          rate: canopy.rps / 2,
        });
        const homePeak = await peakVersusNginx('SSR /', server.url, nginx.url, home);
        const productPeak = await peakVersusNginx(
          `SSR ${productPath}`,
          server.url,
          nginx.url,
          product,
        );

        log(`SSR: ${MISS_ROUNDS} x (product PATCH, GET /)`);
        const cookie = await dealerCookie(server.url);
        const patch = patcher(server.url, cookie, patchableProduct(products).id);
        const misses = await missTimes(server.url, '/', patch);
        const search = await searchFigures(server.url, patch);

        const size = `${fmt(list.gzip.length / 1024)} KB gzip (${fmt(list.identity.length / 1024)} KB JSON, ${products.length} products); Canopy 1 process, nginx ${nginx.workers} worker`;
        return [
          ratioToNginx('1 catalog', 'GET /api/products req/s, ratio to nginx', peak, 0.6, size),
          {
            benchmark: '1 catalog',
            backend: BACKEND,
            figure: 'latency p50 / p99 at peak (Canopy | nginx)',
            value: `${canopy.p50} / ${canopy.p99} ms | ${reference.p50} / ${reference.p99} ms`,
            target: 'info',
            pass: null,
            note: `errors ${canopy.errors + canopy.non2xx} | ${reference.errors + reference.non2xx}`,
          },
          {
            benchmark: '1 catalog',
            backend: BACKEND,
            figure: `p99 at half of peak (${fmt(half.rps, 0)} req/s)`,
            value: `${half.p99} ms (p50 ${half.p50} ms)`,
            target: '<= 20 ms',
            pass: half.p99 <= 20,
            note: `nginx at the same rate: p99 ${nginxHalf.p99} ms (p50 ${nginxHalf.p50} ms)`,
          },
          ratioToNginx(
            '1b SSR',
            'GET / cache hit req/s, ratio to nginx',
            homePeak,
            0.8,
            pageNote(home, homePeak),
          ),
          ratioToNginx(
            '1c SSR',
            'GET /product/{id} cache hit req/s, ratio to nginx',
            productPeak,
            0.8,
            pageNote(product, productPeak),
          ),
          {
            benchmark: '1b SSR',
            backend: BACKEND,
            figure: `GET / miss: first answer after a product PATCH, median / max of ${MISS_ROUNDS}`,
            value: `${fmt(percentile(misses, 50))} / ${fmt(Math.max(...misses))} ms`,
            target: 'info',
            pass: null,
            note: `each miss encodes the product list again, then renders / and compresses it (gzip, br); a hit at peak: p50 ${homePeak.canopy.p50} ms`,
          },
          ...search,
        ];
      } finally {
        await nginx.stop();
      }
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    rmSync(staticRoot, { recursive: true, force: true });
    await fresh.dispose();
  }
}
