import {
  type Acknowledged,
  auditOrders,
  type Backend,
  freshDatabase,
  prepareDatabase,
  readStorefront,
  runBuyers,
  type ServerProcess,
  type StockAudit,
  type Storefront,
  sleep,
  spawnServer,
  stockSnapshot,
} from './support';

export interface CrashReport extends StockAudit {
  rounds: number;
  acknowledged: number;
  attempts: number;
}

/**
 * Runs `rounds` times: start the server as a child process, let `buyers`
 * concurrent shoppers order, kill -9 it mid-run. Then audits that every
 * acknowledged order survived and stock is conserved.
 */
export async function crashScenario(options: {
  backend: Backend;
  databaseUrl?: string;
  rounds: number;
  buyers?: number;
  /** stock given to every product before the first round */
  stock?: number;
}): Promise<CrashReport> {
  const fresh = await freshDatabase(options.backend, options.databaseUrl);
  try {
    await prepareDatabase(fresh);
    const db = fresh.open();
    let acknowledged: Acknowledged[] = [];
    let attempts = 0;
    try {
      await db.kysely
        .updateTable('products')
        .set({ stock: options.stock ?? 2000 })
        .execute();
      const initial = await stockSnapshot(db);
      let store: Storefront | null = null;
      for (let round = 0; round < options.rounds; round++) {
        const server: ServerProcess = await spawnServer({
          env: { ...fresh.env, SEED_DEMO: 'true' },
        });
        try {
          store ??= await readStorefront(server.url);
          let stopped = false;
          let acked = 0;
          const running = runBuyers(server.url, store, {
            buyers: options.buyers ?? 200,
            stop: () => stopped,
            onAcknowledged: () => {
              acked += 1;
            },
          });
          // Mid-run: once orders are flowing (a slow machine may need a while), at a random moment.
          for (let waited = 0; acked < 10 && waited < 15_000; waited += 25) await sleep(25);
          await sleep(Math.random() * 700);
          await server.kill('SIGKILL');
          stopped = true;
          const stats = await running;
          acknowledged = acknowledged.concat(stats.acknowledged);
          attempts += stats.latenciesMs.length + stats.networkErrors;
        } finally {
          await server.kill('SIGKILL');
        }
      }
      // One last clean start: the server must come up on what the crashes left.
      const last = await spawnServer({ env: { ...fresh.env, SEED_DEMO: 'true' } });
      await last.kill('SIGTERM');
      const audit = await auditOrders(db, initial, acknowledged);
      return { ...audit, rounds: options.rounds, acknowledged: acknowledged.length, attempts };
    } finally {
      await db.close();
    }
  } finally {
    await fresh.dispose();
  }
}
