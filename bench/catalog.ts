import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer } from '../test/server-process';
import {
  BACKEND,
  benchDatabase,
  type Figure,
  fillCatalog,
  fmt,
  getRaw,
  load,
  log,
  SECONDS,
  startNginx,
} from './lib/common';

const ACCEPT = { 'accept-encoding': 'gzip' };

/**
 * Benchmark 1: GET /api/products with 2,000 products against nginx serving the
 * identical gzip bytes from a file, same machine, same run.
 */
export async function catalogBench(): Promise<Figure[]> {
  const fresh = await benchDatabase();
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'canopy-static-'));
  try {
    log('catalog: generating 2,000 products');
    await fillCatalog(fresh, 2000);
    const server = await spawnServer({ env: { ...fresh.env, SEED_DEMO: 'false' }, bundle: true });
    try {
      const first = await getRaw(`${server.url}/api/products`, ACCEPT);
      if (first.headers['content-encoding'] !== 'gzip') throw new Error('expected a gzip answer');
      const identity = await getRaw(`${server.url}/api/products`);
      const count = (JSON.parse(identity.body.toString()) as unknown[]).length;
      // The same bytes for nginx: products.json.gz is served by gzip_static.
      writeFileSync(path.join(staticRoot, 'products.json'), identity.body);
      writeFileSync(path.join(staticRoot, 'products.json.gz'), first.body);
      const nginx = await startNginx(staticRoot, 1);
      try {
        const check = await getRaw(`${nginx.url}/api/products`, ACCEPT);
        if (!check.body.equals(first.body)) throw new Error('nginx does not serve the same bytes');

        log('catalog: warm-up');
        await load(`${server.url}/api/products`, { seconds: 1, headers: ACCEPT });
        await load(`${nginx.url}/api/products`, { seconds: 1, headers: ACCEPT });
        log(`catalog: Canopy ${SECONDS}s x 50 connections`);
        const canopy = await load(`${server.url}/api/products`, { headers: ACCEPT });
        log(`catalog: nginx ${SECONDS}s x 50 connections`);
        const reference = await load(`${nginx.url}/api/products`, { headers: ACCEPT });
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
        const ratio = canopy.rps / reference.rps;
        const size = `${fmt(first.body.length / 1024)} KB gzip (${fmt(identity.body.length / 1024)} KB JSON, ${count} products); Canopy 1 process, nginx ${nginx.workers} worker`;
        return [
          {
            benchmark: '1 catalog',
            backend: BACKEND,
            figure: 'GET /api/products req/s, ratio to nginx',
            value: `${fmt(canopy.rps, 0)} vs ${fmt(reference.rps, 0)} req/s = ${fmt(ratio, 2)}`,
            target: '>= 0.6',
            pass: ratio >= 0.6,
            note: size,
          },
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
