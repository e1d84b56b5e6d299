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
    await ensureDealer(db.kysely, config.DEALER_USERNAME, config.DEALER_PASSWORD);
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
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (process.argv[1]?.endsWith('main.ts')) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
