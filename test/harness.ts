import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { type Config, loadConfig } from '../src/server/config';
import { connect, type Db, type Dialect } from '../src/server/db/connect';
import { migrateTo } from '../src/server/db/migrate';
import { seedDemoCatalogIfEmpty } from '../src/server/db/seed/demo-catalog';
import { runSql } from './postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const BACKENDS: Dialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDb {
  db: Db;
  config: Config;
  dispose(): Promise<void>;
}

/**
 * A fresh database: a temp SQLite file, or a fresh PostgreSQL schema dropped afterwards.
 * This is the isolation scheme of every in-process test; only whole server processes get a
 * database each (test/server-process.ts says why).
 */
export async function createTestDb(
  dialect: Dialect,
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** stop after this migration (upgrade tests fill an older schema, then migrate) */
    migrateTo?: string;
  } = {},
): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-test-'));
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) await runSql(databaseUrl, `CREATE SCHEMA ${schema}`);

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    // Suites place hundreds of orders and chat a lot from one address; the limits' own tests turn them on.
    ORDER_RATE_LIMIT: 'off',
    CHAT_RATE_LIMIT: 'off',
    CHAT_SESSION_LIMIT: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // 50 buyers of one last unit queue behind its row lock; at load 18 on two cores the last
  // waited over the production 3 s for a connection and were answered 503
  const db = connect({ dataDir, databaseUrl, pgSchema: schema, pgPoolWaitMs: 30_000 });
  await migrateTo(db, options.migrateTo ?? null);
  if (options.seed !== false) await seedDemoCatalogIfEmpty(db, config.mediaDir);
  return {
    db,
    config,
    async dispose() {
      await db.close();
      if (databaseUrl && schema) await runSql(databaseUrl, `DROP SCHEMA ${schema} CASCADE`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
}

export async function createTestApp(
  dialect: Dialect,
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    webDir?: string;
    /** the time the shop's rules read (test/shop-time.ts); the wall clock by default */
    clock?: () => Date;
    /**
     * how often the app cancels unaccepted orders past their deadline; off by default, so that
     * a suite's orders (some written with old dates) stay as the suite left them
     */
    orderExpiryEveryMs?: number;
    /** how often the app drains the Metrc outbox; off by default: suites drain it themselves */
    metrcDrainEveryMs?: number;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDb(dialect, options);
  const app = await buildApp({
    config: testDb.config,
    db: testDb.db,
    logger: false,
    webDir: options.webDir,
    clock: options.clock,
    orderExpiryEveryMs: options.orderExpiryEveryMs ?? null,
    metrcDrainEveryMs: options.metrcDrainEveryMs ?? null,
  });
  await app.ready();
  return {
    ...testDb,
    app,
    async dispose() {
      await app.close();
      await testDb.dispose();
    },
  };
}
