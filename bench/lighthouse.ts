import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Product } from '../src/shared/schemas/products';
import { freshDatabase, prepareDatabase, ROOT, spawnServer } from '../test/server-process';
import { type Figure, fmt, log, startNginx } from './lib/common';

export interface PageScore {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsGzipKb: number;
  /** the LCP element, to show the age gate was not what got measured */
  lcpElement: string;
  /** the LCP element is the age gate (the static one or the React one): the shop was not measured */
  lcpIsAgeGate: boolean;
  /** Lighthouse's own error code when the run failed */
  runtimeError?: string;
}

/**
 * Lighthouse sometimes loses its trace on this shared machine (NO_NAVSTART) and
 * asks to be run again: one retry, after which the failed run is printed as it is.
 */
async function auditWithRetry(port: number, url: string, reportName: string) {
  const first = await audit(port, url, reportName);
  if (!first.runtimeError) return first;
  log(`lighthouse: ${first.runtimeError}, running again`);
  return audit(port, url, reportName);
}

/** Lighthouse 12, default (mobile) settings, performance only; the age gate already accepted. */
async function audit(port: number, url: string, reportName: string): Promise<PageScore> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Lighthouse clears storage before it loads the page; this runs after, in every new document.
    await page.evaluateOnNewDocument(() => localStorage.setItem('ageVerified', 'true'));
    // The server reads the age answer from this cookie (decision 010): without it the rendered
    // page comes with the static gate over it. Lighthouse's reset leaves cookies alone.
    await browser.setCookie({
      name: 'canopy_age',
      value: '1',
      domain: new URL(url).hostname,
      path: '/',
    });
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page as unknown as Parameters<typeof lighthouse>[3],
    );
    if (!result) throw new Error('lighthouse gave no result');
    const { lhr } = result;
    // the whole report, for looking into a figure (open it in the Lighthouse viewer)
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, `bench/results/lighthouse-${reportName}.json`),
      String(result.report),
    );
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ??
      [];
    const js = requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
    await page.close();
    const lcpItems = (
      lhr.audits['largest-contentful-paint-element']?.details as {
        items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[];
      }
    )?.items;
    const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
    const lcpElement = lcpNode?.snippet ?? 'n/a';
    return {
      runtimeError: lhr.runtimeError?.code,
      lcpElement: lcpElement.slice(0, 80),
      // the gates' ids (#age-gate-static, #age-gate-title) or the React gate's <dialog>, in the
      // element or in its selector (Lighthouse names four levels of ancestors)
      lcpIsAgeGate: /age-gate|dialog/.test(`${lcpNode?.selector ?? ''} ${lcpElement}`),
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
      jsGzipKb: js / 1024,
    };
  } finally {
    await browser.disconnect();
  }
}

/** A static page of similar content (header, 24 product cards with images) for nginx. */
function staticPage(root: string, products: Product[], mediaDir: string): void {
  const cards = products
    .slice(0, 24)
    .map((p) => {
      const image = p.media[0]?.replace('/media/', '') ?? '';
      const file = image.replace('.webp', '-w320.webp');
      if (image && existsSync(path.join(mediaDir, file)))
        copyFileSync(path.join(mediaDir, file), path.join(root, file));
      return `<li><img src="/${file}" width="160" height="160" alt="${p.name}"><h3>${p.name}</h3><p>$${p.price.toFixed(2)}</p></li>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Static storefront reference"><title>Canopy static reference</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#0b0f0d;color:#e8f0ea}header{padding:16px;font-size:24px}ul{display:grid;grid-template-columns:repeat(2,1fr);gap:12px;list-style:none;padding:12px;margin:0}li{background:#17211b;border-radius:12px;padding:8px}img{width:100%;height:auto;border-radius:8px}h3{font-size:15px;margin:6px 0}</style></head>
<body><header>Canopy — Same-day delivery</header><main><h1>Featured</h1><ul>${cards}</ul></main></body></html>`;
  writeFileSync(path.join(root, 'index.html'), html);
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync(html, { level: 9 }));
}

const CHROMIUM = '/usr/bin/chromium';

/** Builds the web client when dist/web is missing or older than its sources. */
/** The storefront's targets: the LCP and TBT ones are also relative to the static page of the same run. */
function meetsIssue19Targets(page: PageScore, staticPage: PageScore): boolean {
  return (
    !page.lcpIsAgeGate &&
    page.score >= 98 &&
    page.lcp <= 1200 &&
    page.lcp <= 1.3 * staticPage.lcp &&
    page.tbt <= staticPage.tbt + 50 &&
    page.cls === 0 &&
    page.jsGzipKb <= 100
  );
}

export function ensureBuilt(): void {
  const built = ['dist/web/index.html', 'dist/server/serve.js'].every((file) =>
    existsSync(path.join(ROOT, file)),
  );
  if (built && process.env.BENCH_SKIP_BUILD) return;
  log('npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Benchmark 4: Lighthouse on / and a product page of the built app, and on a static nginx page. */
/** Another build to alternate with (a checkout whose `dist/` is built, e.g. the previous release). */
const BASE_DIR = process.env.BENCH_BASE_DIR;
/** Rounds of every page, one after the other; the figures are the rounds' medians. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 1));

interface Build {
  name: string;
  /** the server's command; the default is this checkout's bundle */
  command?: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One page's runs as one score: the median of each figure, the worst CLS, every gate flag. */
function medianScore(runs: PageScore[]): PageScore {
  return {
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: Math.max(...runs.map((r) => r.cls)),
    jsGzipKb: median(runs.map((r) => r.jsGzipKb)),
    lcpElement: runs[0].lcpElement,
    lcpIsAgeGate: runs.some((r) => r.lcpIsAgeGate),
  };
}

const describe = (s: PageScore) =>
  `${s.score}, ${fmt(s.lcp / 1000, 2)} s, ${fmt(s.tbt, 0)} ms, ${fmt(s.cls, 3)}, ${fmt(s.jsGzipKb)} KB`;

export async function lighthouseBench(): Promise<Figure[]> {
  const builds: Build[] = [{ name: 'this build' }];
  if (BASE_DIR)
    builds.push({
      name: `base ${path.basename(path.resolve(BASE_DIR))}`,
      command: [process.execPath, path.join(path.resolve(BASE_DIR), 'dist/server/serve.js')],
    });
  // each build on a database of its own: the base may not know this build's migrations
  const databases = await Promise.all(builds.map(() => freshDatabase('sqlite')));
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'canopy-lh-static-'));
  const servers: Awaited<ReturnType<typeof spawnServer>>[] = [];
  try {
    for (const [index, build] of builds.entries()) {
      // the base migrates and seeds its own database on its first start, as `npm start` does
      if (index === 0) await prepareDatabase(databases[index]);
      servers.push(
        await spawnServer({
          env: { ...databases[index].env, SEED_DEMO: 'true' },
          bundle: true,
          command: build.command,
        }),
      );
    }
    const products = (await (await fetch(`${servers[0].url}/api/products`)).json()) as Product[];
    staticPage(staticRoot, products, databases[0].mediaDir);
    const nginx = await startNginx(staticRoot, 1);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking'],
    });
    try {
      const runs = new Map<string, PageScore[]>();
      const record = (key: string, score: PageScore) =>
        runs.set(key, [...(runs.get(key) ?? []), score]);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [index, build] of builds.entries()) {
          const base = servers[index].url;
          for (const [name, url, reportName] of [
            ['/', `${base}/`, 'home'],
            ['product page', `${base}/product/${products[0].id}`, 'product'],
          ]) {
            log(`lighthouse round ${round}: ${build.name}, ${name}`);
            const score = await auditWithRetry(chrome.port, url, `${reportName}-${index}`);
            log(`  ${describe(score)}`);
            record(`${index} ${name}`, score);
          }
        }
        log(`lighthouse round ${round}: static nginx page`);
        record('static', await auditWithRetry(chrome.port, `${nginx.url}/`, 'static'));
      }
      const ref = medianScore(runs.get('static') ?? []);
      const refText = `static nginx page: ${ref.score}, LCP ${fmt(ref.lcp / 1000, 2)} s, TBT ${fmt(ref.tbt, 0)} ms, CLS ${fmt(ref.cls, 3)}, JS ${fmt(ref.jsGzipKb)} KB`;
      const rounds = ROUNDS > 1 ? ` (median of ${ROUNDS} rounds)` : '';
      return builds.flatMap((build, index) =>
        ['/', 'product page'].map((name): Figure => {
          const all = runs.get(`${index} ${name}`) ?? [];
          const s = medianScore(all);
          const each = all.length > 1 ? `; each run: ${all.map(describe).join(' / ')}` : '';
          return {
            benchmark: '4 page speed',
            backend: 'sqlite',
            figure: `Lighthouse mobile ${name}${index > 0 ? `, ${build.name}` : ''}: score, LCP (x static page), TBT, CLS, JS gzip${rounds}`,
            value: `${s.score}, ${fmt(s.lcp / 1000, 2)} s (${fmt(s.lcp / ref.lcp, 2)}x), ${fmt(s.tbt, 0)} ms, ${fmt(s.cls, 3)}, ${fmt(s.jsGzipKb)} KB`,
            target: `>= 98, <= 1.2 s and <= 1.3x, <= ${fmt(ref.tbt + 50, 0)} ms (static + 50), 0, <= 100 KB`,
            pass: meetsIssue19Targets(s, ref),
            note: `${s.lcpIsAgeGate ? 'MEASURED THE AGE GATE, not the shop: ' : ''}LCP element ${s.lcpElement}; ${refText}${each}`,
          };
        }),
      );
    } finally {
      chrome.kill();
      await nginx.stop();
      for (const server of servers) await server.kill('SIGTERM');
    }
  } finally {
    rmSync(staticRoot, { recursive: true, force: true });
    for (const database of databases) await database.dispose();
  }
}
