import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { connect, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemoCatalogIfEmpty } from './db/seed/demo-catalog';
import { ensureDealer, hasAnyDealer } from './modules/auth/service';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  stop(): Promise<void>;
}

/** config -> database (migrated, seeded) -> app -> listen. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = connect({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  await migrateToLatest(db);
  if (config.SEED_DEMO) await seedDemoCatalogIfEmpty(db, config.mediaDir);
  const app = await buildApp({ config, db });
  if (config.DEALER_USERNAME && config.DEALER_PASSWORD) {
    const startup = { staff: null, address: 'startup' };
    await ensureDealer(db.kysely, config.DEALER_USERNAME, config.DEALER_PASSWORD, startup);
  } else if (!(await hasAnyDealer(db.kysely))) {
    app.log.warn(
      'No dealer account exists: create one with `npm run dealer -- <username>` or set DEALER_USERNAME and DEALER_PASSWORD.',
    );
  }
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  return {
    app,
    db,
    url,
    async stop() {
      await app.close();
      await db.close();
    },
  };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  stopGracefully(server, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
}

/**
 * On SIGTERM or SIGINT (a deploy, a scale-in): stop accepting connections, let the
 * requests in flight finish (an order in its transaction), close sockets with 1001,
 * flush the group commit and close the database, then exit 0. Past the timeout, or
 * on a second signal, exit 1 at once.
 */
function stopGracefully(server: RunningServer, timeoutMs: number): void {
  const log = server.app.log;
  closeWithGrace(
    { delay: timeoutMs, logger: { error: (message: string) => log.error(message) } },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'stopping after an unexpected error');
      else log.info({ signal }, 'stopping: finishing requests in flight');
      await server.stop();
      log.info('stopped');
    },
  );
}

if (process.argv[1]?.endsWith('main.ts')) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
