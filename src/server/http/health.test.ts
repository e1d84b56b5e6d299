import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb } from '../../../test/harness';
import { captureLogs } from '../../../test/log-capture';
import { appPerSuite } from '../../../test/suite';
import { createTcpProxy } from '../../../test/tcp-proxy';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type Db } from '../db/connect';
import { MIGRATION_NAMES, migrateToLatest } from '../db/migrate';

/** Asks /readyz, expects 503, and answers the body for the test to judge. */
async function unready(app: FastifyInstance) {
  const ready = await app.inject('/readyz');
  expect(ready.statusCode).toBe(503);
  return ready.json();
}

describe.each(BACKENDS)('health and readiness on %s', (dialect) => {
  const t = appPerSuite(dialect, { seed: false });

  it('18.1 /healthz and /readyz answer 200 ok when the database is up and migrated', async () => {
    const live = await t.app.inject('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['x-content-type-options']).toBe('nosniff');
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('18.1 probes are never rate limited', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) statuses.add((await t.app.inject('/healthz')).statusCode);
    for (let i = 0; i < 100; i++) statuses.add((await t.app.inject('/readyz')).statusCode);
    expect([...statuses]).toEqual([200]);
  });
});

describe('18.1 readiness when the database is unavailable', () => {
  it('18.1 SQLite: a closed database is not ready, while the process stays live', async () => {
    const t = await createTestDb('sqlite', { seed: false });
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    try {
      await t.db.close();
      expect(await unready(app)).toEqual({
        status: 'unavailable',
        error: 'The database does not answer',
        code: 'DATABASE_UNREACHABLE',
      });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await t.dispose().catch(() => {});
    }
  });

  it('18.1 a database whose migrations have not run is not ready until they have', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-ready-'));
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const db = connect({ dataDir });
    const app = await buildApp({ config, db, logger: false });
    try {
      expect(await unready(app)).toEqual({
        status: 'unavailable',
        error: 'The database schema is older than this version of Canopy',
        code: 'MIGRATIONS_PENDING',
        pendingMigrations: MIGRATION_NAMES,
      });
      await migrateToLatest(db);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(BACKENDS.includes('postgres'))(
    '18.1 PostgreSQL unreachable: /readyz 503, /healthz 200, ready again once it answers',
    async () => {
      const t = await createTestDb('postgres', { seed: false });
      const target = new URL(process.env.TEST_DATABASE_URL ?? '');
      const proxy = await createTcpProxy(Number(target.port || 5432));
      const viaProxy = new URL(target);
      viaProxy.port = String(proxy.port);
      let db: Db | null = null;
      try {
        db = connect({
          dataDir: t.config.dataDir,
          databaseUrl: viaProxy.toString(),
          pgSchema: t.db.postgres?.schema,
        });
        const app = await buildApp({ config: t.config, db, logger: false });
        try {
          expect((await app.inject('/readyz')).statusCode).toBe(200);
          await proxy.cut();
          expect(await unready(app)).toMatchObject({
            status: 'unavailable',
            code: 'DATABASE_UNREACHABLE',
          });
          const live = await app.inject('/healthz');
          expect(live.statusCode).toBe(200);
          expect(live.json()).toEqual({ status: 'ok' });
          await proxy.restore();
          expect((await app.inject('/readyz')).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await db?.close();
        await proxy.close();
        await t.dispose();
      }
    },
  );
});

describe('18.1 probes are not logged per request', () => {
  it('18.1 no request log line for /healthz or /readyz, while other requests are logged', async () => {
    const logs = captureLogs();
    const t = await createTestDb('sqlite', { seed: false, env: { LOG_LEVEL: 'info' } });
    const app = await buildApp({ config: t.config, db: t.db, logStream: logs.stream });
    try {
      await app.inject('/healthz');
      await app.inject('/readyz');
      await app.inject('/api/categories?marker=after-probes');
      await logs.waitFor('after-probes');
      expect(logs.text()).not.toContain('/healthz');
      expect(logs.text()).not.toContain('/readyz');
    } finally {
      await app.close();
      await t.dispose();
    }
  });
});
