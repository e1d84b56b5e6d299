import {
  freshDatabase,
  percentile,
  prepareDatabase,
  readStorefront,
  runBuyers,
  spawnServer,
} from '../src/server/fault/support';

const fresh = await freshDatabase('sqlite');
await prepareDatabase(fresh);
const db = fresh.open();
await db.kysely.updateTable('products').set({ stock: 150 }).execute();
await db.close();
const s = await spawnServer({ env: { ...fresh.env, SEED_DEMO: 'false' } });
const store = await readStorefront(s.url);
const t0 = performance.now();
const st = await runBuyers(s.url, store, { buyers: 200, stop: () => false });
const secs = (performance.now() - t0) / 1000;
const l = st.latenciesMs;
console.log(
  st.acknowledged.length / secs,
  'orders/s',
  secs,
  [50, 90, 95, 99, 100].map((p) => percentile(l, p).toFixed(0)).join(' '),
  st.networkErrors,
  [...st.statuses],
);
await s.kill('SIGTERM');
await fresh.dispose();
