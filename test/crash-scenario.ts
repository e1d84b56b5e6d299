import {
  type Acknowledged,
  auditKeyed,
  auditOrders,
  type Backend,
  freshDatabase,
  type KeyedAttempt,
  type KeyedAudit,
  prepareDatabase,
  readStorefront,
  retryUnanswered,
  runBuyers,
  type ServerProcess,
  type StockAudit,
  type Storefront,
  sleep,
  spawnServer,
  stockSnapshot,
} from './server-process';

export interface CrashReport extends StockAudit, KeyedAudit {
  rounds: number;
  acknowledged: number;
  attempts: number;
  /** orders sent with an Idempotency-Key, and those of them retried after a restart */
  keyed: number;
  keyedRetried: number;
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
  /** share of orders sent with an Idempotency-Key; unanswered ones are retried after restarts */
  keyedShare?: number;
}): Promise<CrashReport> {
  const fresh = await freshDatabase(options.backend, options.databaseUrl);
  try {
    await prepareDatabase(fresh);
    const db = fresh.open();
    let acknowledged: Acknowledged[] = [];
    let keyed: KeyedAttempt[] = [];
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
            keyedShare: options.keyedShare ?? 0,
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
          keyed = keyed.concat(stats.keyed);
          attempts += stats.latenciesMs.length + stats.networkErrors;
        } finally {
          await server.kill('SIGKILL');
        }
      }
      // One last clean start: the server must come up on what the crashes left, and answers
      // the keyed orders the crashes cut off when their shoppers send them again.
      const last = await spawnServer({ env: { ...fresh.env, SEED_DEMO: 'true' } });
      let keyedRetried = 0;
      try {
        keyedRetried = await retryUnanswered(last.url, keyed);
      } finally {
        await last.kill('SIGTERM');
      }
      const audit = await auditOrders(db, initial, acknowledged);
      return {
        ...audit,
        ...(await auditKeyed(db, keyed)),
        rounds: options.rounds,
        acknowledged: acknowledged.length,
        attempts,
        keyed: keyed.length,
        keyedRetried,
      };
    } finally {
      await db.close();
    }
  } finally {
    await fresh.dispose();
  }
}
