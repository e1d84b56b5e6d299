import { BACKEND, type Figure, fmt, getRaw, log, percentile } from './lib/common';

/** The examples and a few ordinary words: plurals, hyphens, word starts, a typo, a flavor. */
const QUERIES = [
  'pre roll',
  'prerolls',
  'choc',
  'gumy',
  'blue razz',
  'kush',
  'cart',
  'indica lot 1',
];
const ROUNDS = 50;

/**
 * Search, beside the catalog figure: GET /api/products/search over the 2,000-product
 * catalog, one request at a time (the latency a shopper's keystroke waits), after one search
 * has built the index; and the first search after a stock change, which reads the list again
 * (the index is rebuilt only when a name, category, flavor or description changed).
 */
export async function searchFigures(
  url: string,
  patch: (n: number) => Promise<void>,
): Promise<Figure[]> {
  const get = async (q: string) => {
    const started = performance.now();
    const res = await getRaw(`${url}/api/products/search?q=${encodeURIComponent(q)}`);
    if (res.status !== 200) throw new Error(`search "${q}" answered ${res.status}`);
    return performance.now() - started;
  };
  log(`search: ${ROUNDS} x ${QUERIES.length} queries`);
  await get('warm');
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) for (const q of QUERIES) times.push(await get(q));
  const rebuilds: number[] = [];
  for (let i = 0; i < 5; i++) {
    await patch(900 + i);
    rebuilds.push(await get('choc'));
  }
  return [
    {
      benchmark: '1d search',
      backend: BACKEND,
      figure: `GET /api/products/search p50 / p99 over 2,000 products (${times.length} requests, one at a time)`,
      value: `${fmt(percentile(times, 50))} / ${fmt(percentile(times, 99))} ms`,
      target: 'info',
      pass: null,
      note: `first search after a stock PATCH (the list read again, the index kept): median ${fmt(percentile(rebuilds, 50))} ms, max ${fmt(Math.max(...rebuilds))} ms`,
    },
  ];
}
