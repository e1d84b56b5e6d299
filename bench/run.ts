/**
 * `npm run bench`: every benchmark, one markdown table to stdout and to
 * bench/results/latest.md. Speed figures are ratios against a reference run
 * in the same process on the same machine. With DATABASE_URL the server runs
 * on PostgreSQL (each benchmark in a fresh database next to that URL's).
 *
 * BENCH_ONLY=catalog,checkout,fanout,lighthouse,footprint,reports,js picks some;
 * BENCH_SECONDS (default 5) sets the autocannon durations.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { ROOT } from '../test/server-process';
import { catalogBench } from './catalog';
import { checkoutBench } from './checkout';
import { fanoutBench } from './fanout';
import { rssFigure, startupBench } from './footprint';
import { jsSize } from './js-size';
import { BACKEND, type Figure, fmt, log } from './lib/common';
import { ensureBuilt, lighthouseBench } from './lighthouse';
import { reportsBench } from './reports';

const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);
const figures: Figure[] = [];
const failures: string[] = [];

async function step(name: string, run: () => Promise<Figure[]>) {
  if (!wanted(name)) return;
  const started = performance.now();
  try {
    figures.push(...(await run()));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${name}: ${message}`);
    figures.push({
      benchmark: name,
      backend: BACKEND,
      figure: 'did not run',
      value: message.split('\n')[0].slice(0, 160),
      target: '',
      pass: false,
    });
  }
  log(`${name} took ${fmt((performance.now() - started) / 1000)} s`);
}

const clients = Number(process.env.BENCH_CLIENTS ?? 1000);
// Every benchmark runs the built server bundle, as `npm start` does.
try {
  ensureBuilt();
} catch (error) {
  failures.push(`build: ${(error as Error).message}`);
}
await step('catalog', catalogBench);
await step('checkout', checkoutBench);
await step('fanout', async () => {
  const { figures: fanout, rss, rssIdle } = await fanoutBench();
  return [...fanout, rssFigure(rss, rssIdle, clients)];
});
await step('lighthouse', lighthouseBench);
await step('footprint', startupBench);
await step('reports', reportsBench);
await step('js', async () => {
  const size = jsSize();
  return [
    {
      benchmark: 'js-size',
      backend: '-',
      figure: 'storefront first-load JS (entry + the app it loads, with their imports), gzip -9',
      value: `${fmt(size.totalGzip / 1024)} KB (${size.files.length} files, ${fmt(size.totalBytes / 1024)} KB raw)`,
      target: '<= 120 KB',
      pass: size.totalGzip <= 120 * 1024,
    },
  ];
});

const mark = (pass: boolean | null) => (pass === null ? '' : pass ? 'PASS' : 'SHORT');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${fmt(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${BACKEND === 'postgres' ? 'PostgreSQL' : 'SQLite'}`;
const lines = [
  `# Canopy benchmarks — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Machine: ${machine}. Load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}.`,
  '',
  '| # | backend | figure | value | target | mark | notes |',
  '|---|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${cell(f.benchmark)} | ${f.backend} | ${cell(f.figure)} | ${cell(f.value)} | ${cell(f.target)} | ${mark(f.pass)} | ${cell(f.note ?? '')} |`,
  ),
  '',
  ...(failures.length ? ['Failures:', ...failures.map((f) => `- ${f}`), ''] : []),
];
const table = lines.join('\n');
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/latest.md'), `${table}\n`);
console.log(table);
