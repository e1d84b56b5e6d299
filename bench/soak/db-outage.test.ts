import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  auditOrders,
  freshDatabase,
  isSimple,
  prepareDatabase,
  randomOrder,
  readStorefront,
  runBuyers,
  sleep,
  spawnServer,
  stockSnapshot,
} from '../../test/server-process';

/**
 * PostgreSQL goes away under load (the local cluster is stopped), then comes
 * back: requests fail fast with 503 and a JSON {error}, the server recovers
 * without a restart, and no half-written order exists.
 */
const url = process.env.TEST_DATABASE_URL;
const CLUSTER = (process.env.PG_CLUSTER ?? '15 main').split(' ');
const pgctl = (action: 'stop' | 'start') =>
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...CLUSTER, action], {
    stdio: 'inherit',
  });

describe.skipIf(!url)('PostgreSQL outage', () => {
  it('answers 503 {error} while the database is down and recovers on its own', async () => {
    const fresh = await freshDatabase('postgres', url);
    await prepareDatabase(fresh);
    const db = fresh.open();
    const server = await spawnServer({ env: { ...fresh.env, SEED_DEMO: 'true' } });
    try {
      const fullStore = await readStorefront(server.url);
      // The buyers may sell everything out; the recovery probe buys a product of its own,
      // kept away from them and stocked plenty, so only the database can refuse it.
      const probeProduct = fullStore.products.find((p) => isSimple(p) && p.category !== 'flower')!;
      await db.kysely
        .updateTable('products')
        .set({ stock: 1_000_000 })
        .where('id', '=', probeProduct.id)
        .execute();
      const store = {
        ...fullStore,
        products: fullStore.products.filter((p) => p.id !== probeProduct.id),
      };
      const probeOrder = () => randomOrder(fullStore, Math.random, [probeProduct]);
      const initial = await stockSnapshot(db);
      await db.close();
      let stopped = false;
      const buyers = runBuyers(server.url, store, {
        buyers: 50,
        stop: () => stopped,
        maxConsecutiveRefusals: 1_000_000,
      });
      await sleep(1000);

      const during: { status: number; body: unknown; ms: number }[] = [];
      try {
        pgctl('stop');
        for (let i = 0; i < 10; i++) {
          const started = performance.now();
          const res = await fetch(`${server.url}/api/orders/simple`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(randomOrder(store)),
          });
          during.push({
            status: res.status,
            body: await res.json(),
            ms: performance.now() - started,
          });
        }
      } finally {
        pgctl('start');
      }
      console.log(
        'during the outage:',
        during.map((d) => `${d.status} in ${d.ms.toFixed(0)} ms`).join(', '),
      );
      for (const answer of during) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ error: expect.any(String) });
      }

      // Recovers without a restart.
      let recovered = false;
      for (let i = 0; i < 60 && !recovered; i++) {
        const res = await fetch(`${server.url}/api/orders/simple`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(probeOrder()),
        });
        recovered = res.status === 201;
        if (!recovered) await sleep(500);
      }
      expect(recovered).toBe(true);
      stopped = true;
      const stats = await buyers;
      const statuses = Object.fromEntries(stats.statuses);
      console.log('buyers saw', statuses);
      for (const status of stats.statuses.keys()) expect([201, 409, 503]).toContain(status);

      const after = fresh.open();
      try {
        const audit = await auditOrders(after, initial, stats.acknowledged);
        expect(audit.lost).toEqual([]);
        expect(audit.unbalanced).toEqual([]);
        const empty = await after.kysely
          .selectFrom('orders')
          .leftJoin('order_items', 'order_items.order_id', 'orders.id')
          .select('orders.id')
          .where('order_items.id', 'is', null)
          .execute();
        expect(empty).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      await server.kill('SIGTERM');
      await fresh.dispose();
    }
  });
});
