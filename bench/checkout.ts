import type { Db } from '../src/server/db/connect';
import { placeOrder } from '../src/server/modules/orders/checkout';
import { orderPlacementSchema } from '../src/shared/schemas';
import {
  auditOrders,
  isSimple,
  prepareDatabase,
  randomOrder,
  readStorefront,
  runBuyers,
  type Storefront,
  spawnServer,
  stockSnapshot,
} from '../test/server-process';
import { BACKEND, benchDatabase, type Figure, fmt, log, percentile } from './lib/common';

/** Units of stock given to each product: enough for a few seconds of buying on this machine. */
const STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 400);

async function stockUp(db: Db): Promise<void> {
  await db.kysely.updateTable('products').set({ stock: STOCK }).execute();
}

/** The same orders placed with placeOrder() in a tight loop, no HTTP: the reference. */
async function directRun(store: Storefront): Promise<{ orders: number; seconds: number }> {
  const fresh = await benchDatabase();
  await prepareDatabase(fresh);
  const db = fresh.open();
  try {
    await stockUp(db);
    const soldOut = new Set<number>();
    let orders = 0;
    let refusals = 0;
    const started = performance.now();
    while (refusals < 50) {
      const pool = store.products.filter((p) => isSimple(p) && !soldOut.has(p.id));
      const body = randomOrder(store, Math.random, pool);
      if (!body) break;
      try {
        await placeOrder(db, orderPlacementSchema.parse(body), { shopperId: 'bench' });
        orders += 1;
        refusals = 0;
      } catch (error) {
        refusals += 1;
        const items = (error as { body?: { outOfStockItems?: { name: string }[] } }).body
          ?.outOfStockItems;
        for (const item of items ?? []) {
          const product = store.products.find((p) => p.name === item.name);
          if (product) soldOut.add(product.id);
        }
      }
    }
    return { orders, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
    await fresh.dispose();
  }
}

/**
 * Benchmark 2: 200 concurrent buyers place real orders over HTTP until stock
 * runs out; then the same transaction in a tight loop against the database.
 */
export async function checkoutBench(): Promise<Figure[]> {
  const fresh = await benchDatabase();
  try {
    await prepareDatabase(fresh);
    const db = fresh.open();
    await stockUp(db);
    const initial = await stockSnapshot(db);
    const server = await spawnServer({
      // 200 buyers from one address: the order-placement limit (ORDER_RATE_LIMIT) is off here.
      env: { ...fresh.env, SEED_DEMO: 'false', ORDER_RATE_LIMIT: 'off' },
      bundle: true,
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
      extraNodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
    });
    let store: Storefront;
    let http: Awaited<ReturnType<typeof runBuyers>>;
    let seconds: number;
    try {
      store = await readStorefront(server.url);
      log(
        'checkout: ORDER_RATE_LIMIT=off (the default 10 per shopper, 60 per address would refuse them)',
      );
      log(`checkout: 200 buyers until ${store.products.filter(isSimple).length} products sell out`);
      const started = performance.now();
      http = await runBuyers(server.url, store, { buyers: 200, stop: () => false });
      seconds = (performance.now() - started) / 1000;
    } finally {
      await server.kill('SIGTERM');
    }
    const audit = await auditOrders(db, initial, http.acknowledged);
    const taken = new Map<number, number>();
    for (const row of await db.kysely
      .selectFrom('order_items')
      .select(['product_id', 'stock_taken'])
      .execute())
      taken.set(row.product_id, (taken.get(row.product_id) ?? 0) + Number(row.stock_taken));
    let oversold = 0;
    for (const [id, start] of initial) oversold += Math.max(0, (taken.get(id) ?? 0) - start);
    await db.close();

    log('checkout: direct placeOrder() loop');
    const direct = await directRun(store);
    const rate = http.acknowledged.length / seconds;
    const directRate = direct.orders / direct.seconds;
    const p99 = percentile(http.latenciesMs, 99);
    const target = BACKEND === 'sqlite' ? 1500 : 500;
    const statuses = [...http.statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
    return [
      {
        benchmark: '2 checkout',
        backend: BACKEND,
        figure: 'orders/s over HTTP, 200 buyers',
        value: `${fmt(rate, 0)} orders/s (${http.acknowledged.length} orders in ${fmt(seconds, 2)} s)`,
        target: `>= ${fmt(target, 0)}`,
        pass: rate >= target,
        note: `answers ${statuses}`,
      },
      {
        benchmark: '2 checkout',
        backend: BACKEND,
        figure: 'ratio to placeOrder() in a tight loop',
        value: `${fmt(rate, 0)} / ${fmt(directRate, 0)} = ${fmt(rate / directRate, 2)}`,
        target: 'info',
        pass: null,
        note: `direct: ${direct.orders} orders in ${fmt(direct.seconds, 2)} s`,
      },
      {
        benchmark: '2 checkout',
        backend: BACKEND,
        figure: 'latency p99 (p50)',
        value: `${fmt(p99, 0)} ms (${fmt(percentile(http.latenciesMs, 50), 0)} ms)`,
        target: '<= 100 ms',
        pass: p99 <= 100,
      },
      {
        benchmark: '2 checkout',
        backend: BACKEND,
        figure: 'oversold units; stock conserved; acknowledged orders lost',
        value: `${oversold}; ${audit.unbalanced.length === 0 ? 'yes' : `no (${audit.unbalanced.length})`}; ${audit.lost.length}`,
        target: '0; yes; 0',
        pass: oversold === 0 && audit.unbalanced.length === 0 && audit.lost.length === 0,
      },
    ];
  } finally {
    await fresh.dispose();
  }
}
