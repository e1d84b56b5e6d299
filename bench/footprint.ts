import { spawnServer } from '../test/server-process';
import { BACKEND, benchDatabase, type Figure, fillCatalog, fmt, log } from './lib/common';

/** Benchmark 5b: from `npm start` (client already built) to the first 200 on /api/products. */
export async function startupBench(): Promise<Figure[]> {
  const fresh = await benchDatabase();
  try {
    await fillCatalog(fresh, 2000);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      log(`footprint: npm start #${i + 1}`);
      const server = await spawnServer({
        env: { ...fresh.env, SEED_DEMO: 'false' },
        command: ['npm', 'start', '--silent'],
      });
      runs.push(server.startupMs);
      await server.kill('SIGTERM');
    }
    const best = Math.min(...runs);
    log('footprint: node dist/server/serve.js (no npm)');
    const direct = await spawnServer({ env: { ...fresh.env, SEED_DEMO: 'false' }, bundle: true });
    await direct.kill('SIGTERM');
    return [
      {
        benchmark: '5 footprint',
        backend: BACKEND,
        figure: '`npm start` to first 200 on /api/products (best of 3)',
        value: `${fmt(best / 1000, 2)} s`,
        target: '<= 2 s',
        pass: best <= 2000,
        note: `runs ${runs.map((r) => fmt(r / 1000, 2)).join(', ')} s; without npm (node dist/server/serve.js) ${fmt(direct.startupMs / 1000, 2)} s; 2,000 products`,
      },
    ];
  } finally {
    await fresh.dispose();
  }
}

export function rssFigure(rss: number, idle: number, sockets: number): Figure {
  return {
    benchmark: '5 footprint',
    backend: BACKEND,
    figure: `server RSS, 2,000 products, ${sockets} sockets`,
    value: `${fmt(rss, 0)} MB`,
    target: '<= 200 MB',
    pass: rss <= 200,
    note: `${fmt(idle, 0)} MB after start with no socket`,
  };
}
