import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../test/catalog-admin';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cartLine, orderBody, productsByName, setStock } from '../../../test/orders-fixtures';
import type { Order } from '../../shared/schemas/orders';
import type { Product } from '../../shared/schemas/products';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { migrateTo } from '../db/migrate';
import { type BackupSummary, createBackup, InvalidBackupError, restoreBackup } from './backup';
import { pruneBackups, scheduledBackupName, startBackupSchedule } from './schedule';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const scratch = () => mkdtempSync(path.join(tmpdir(), 'canopy-backup-test-'));

/** Runs `npm run backup|restore -- <file>` as its own process against a data folder (tsx start-up: give such tests time). */
async function cli(script: 'backup' | 'restore', file: string, dataDir: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `src/server/cli/${script}.ts`, file],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** An app on a restored data folder, the way the server would open it. */
async function openRestored(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const db = connect({ dataDir });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

describe('backups and restore on sqlite', () => {
  let t: TestApp;
  let product: Product;
  let all: Product[];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = scratch();
    dirs.push(dir);
    return dir;
  };

  const placeOrder = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(product, '1', 1)], all),
    });
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const byName = await productsByName(t.app);
    all = [...byName.values()];
    const base = all.find((p) => p.category !== 'flower' && p.flavors.length === 0)!;
    await setStock(t, 10_000, base.id);
    product = { ...base, stock: 10_000 };
  });
  afterAll(async () => {
    await t.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('18.4 orders placed during a backup all appear either in it or after it', async () => {
    const acknowledged: number[] = [];
    let backupStarted: () => void = () => {};
    const startBackup = new Promise<void>((resolve) => {
      backupStarted = resolve;
    });
    let ackedWhenBackupBegan: number[] = [];
    const buyers = (async () => {
      for (let i = 0; i < 60; i++) {
        acknowledged.push((await placeOrder()).id);
        if (i === 10) backupStarted();
      }
    })();
    const file = path.join(tempDir(), 'during-orders.tar.gz');
    const backup = startBackup.then(() => {
      ackedWhenBackupBegan = [...acknowledged];
      return createBackup(t.config, file);
    });
    const [summary] = await Promise.all([backup, buyers]);
    expect(summary.orders).toBeGreaterThanOrEqual(ackedWhenBackupBegan.length);

    const restoredDir = tempDir();
    await restoreBackup({ dataDir: restoredDir, mediaDir: path.join(restoredDir, 'media') }, file);
    const restored = connect({ dataDir: restoredDir });
    try {
      const inBackup = (
        await restored.kysely.selectFrom('orders').select('id').orderBy('id').execute()
      ).map((o) => o.id);
      // Every order answered before the backup began is in it ...
      expect(inBackup).toEqual(expect.arrayContaining(ackedWhenBackupBegan));
      // ... and the backup is one moment: the orders it holds are exactly the first ones placed,
      expect(inBackup).toEqual(acknowledged.filter((id) => id <= Math.max(...inBackup)));
      // with the stock those orders took and no more.
      const stock = await restored.kysely
        .selectFrom('products')
        .select('stock')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(Number(stock.stock)).toBe(10_000 - inBackup.length);
    } finally {
      await restored.close();
    }
    // The orders after the backup's moment are all in the live shop.
    const live = await t.db.kysely.selectFrom('orders').select('id').execute();
    expect(live.map((o) => o.id)).toEqual(expect.arrayContaining(acknowledged));
  });

  it('18.4 a restored copy serves the same catalog, orders and media', async () => {
    await placeOrder();
    const { send } = await dealerClient(t);
    const file = path.join(tempDir(), 'quiet.tar.gz');
    await createBackup(t.config, file);

    const restoredDir = tempDir();
    const summary = await restoreBackup(
      { dataDir: restoredDir, mediaDir: path.join(restoredDir, 'media') },
      file,
    );
    expect(summary.previous).toBeNull();
    const copy = await openRestored(restoredDir);
    try {
      const catalog = (await t.app.inject('/api/products')).json<Product[]>();
      expect((await copy.app.inject('/api/products')).json()).toEqual(catalog);
      const orders = (await send('GET', '/api/orders')).json<Order[]>();
      expect(orders.length).toBeGreaterThan(0);
      const restoredOrders = await copy.app.inject({
        url: '/api/orders',
        headers: { cookie: (await dealerClient({ ...t, app: copy.app } as TestApp)).cookie },
      });
      expect(restoredOrders.json()).toEqual(orders);
      const image = catalog.flatMap((p) => p.media).find((url) => url.startsWith('/media/'))!;
      const served = await copy.app.inject(image);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual((await t.app.inject(image)).rawPayload);
    } finally {
      await copy.close();
    }
  });

  it('18.4 npm run restore refuses while a server holds the database, and restores once it stopped', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const db = connect({ dataDir });
    const { migrateToLatest } = await import('../db/migrate');
    await migrateToLatest(db);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const file = path.join(tempDir(), 'cli.tar.gz');
    await createBackup(t.config, file);

    const refused = await cli('restore', file, dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by a running server (process ${process.pid}`);
    expect((await app.inject('/api/products')).json()).toEqual([]);

    await app.close();
    await db.close();
    const restored = await cli('restore', file, dataDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .*cli\.tar\.gz: \d+ products, \d+ orders/);
    expect(restored.stdout).toContain('The previous database and media are in');
    const copy = await openRestored(dataDir);
    try {
      expect((await copy.app.inject('/api/products')).json()).toEqual(
        (await t.app.inject('/api/products')).json(),
      );
    } finally {
      await copy.close();
    }
  }, 90_000);

  it('18.4 npm run backup copies the database of a running shop', async () => {
    const file = path.join(tempDir(), 'by-cli.tar.gz');
    const result = await cli('backup', file, t.config.dataDir);
    expect(result.stderr).toBe('');
    const products = (await t.app.inject('/api/products')).json<Product[]>().length;
    expect(result.stdout).toContain(`Backup written to ${file}: ${products} products`);
    expect(existsSync(file)).toBe(true);
  }, 90_000);

  it('18.4 a file that is not a backup is refused and the data stays as it was', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const bogus = path.join(tempDir(), 'notes.tar.gz');
    writeFileSync(bogus, 'not an archive');
    await expect(restoreBackup(config, bogus)).rejects.toThrow(InvalidBackupError);
    expect(readdirSync(dataDir).sort()).toEqual(['media', 'session-secret']);
  });

  it.each([
    [
      'a symbolic link',
      (dir: string) => symlinkSync('/etc/passwd', path.join(dir, 'media', 'leak.png')),
      'media/leak.png',
    ],
    [
      'a hard link',
      (dir: string) =>
        linkSync(path.join(dir, 'backup.json'), path.join(dir, 'media', 'copy.json')),
      'media/copy.json',
    ],
    [
      'a path with ..',
      (dir: string) => writeFileSync(path.join(dir, '..', 'escape.txt'), 'x'),
      '../escape.txt',
    ],
    ['an absolute path', () => {}, '/tmp/canopy-restore-absolute.txt'],
  ])('restore refuses an archive holding %s, and writes nothing', async (_kind, plant, entry) => {
    const crafted = tempDir();
    const work = path.join(crafted, 'work');
    mkdirSync(path.join(work, 'media'), { recursive: true });
    await createBackup(t.config, path.join(crafted, 'real.tar.gz'));
    await tar.extract({ file: path.join(crafted, 'real.tar.gz'), cwd: work });
    plant(work);
    if (entry.startsWith('/')) writeFileSync(entry, 'x');
    const file = path.join(crafted, 'crafted.tar.gz');
    await tar.create({ file, gzip: true, cwd: work, preservePaths: true }, [
      'backup.json',
      'canopy.sqlite',
      entry,
    ]);
    rmSync(entry.startsWith('/') ? entry : path.join(work, entry), { force: true });

    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await expect(restoreBackup(config, file)).rejects.toThrow(
      new RegExp(`not plain files or folders: ${entry.replace(/[./]/g, '\\$&')} \\(`),
    );
    expect(readdirSync(dataDir).sort()).toEqual(['media', 'session-secret']);
    expect(existsSync('/tmp/canopy-restore-absolute.txt')).toBe(false);
    expect(existsSync(path.join(dataDir, '..', 'escape.txt'))).toBe(false);
  });

  it("keeps the data folder, the database and backups to the shop's user", async () => {
    const dataDir = path.join(tempDir(), 'fresh-data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const db = connect({ dataDir });
    await migrateTo(db, null);
    await db.close();
    const file = path.join(tempDir(), 'nightly', 'canopy.tar.gz');
    await createBackup(config, file);
    const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
    expect({
      dataDir: mode(dataDir),
      database: mode(path.join(dataDir, 'canopy.sqlite')),
      secret: mode(path.join(dataDir, 'session-secret')),
      backupDir: mode(path.dirname(file)),
      backup: mode(file),
    }).toEqual({ dataDir: '700', database: '600', secret: '600', backupDir: '700', backup: '600' });

    // a database made before the rule is narrowed when the shop opens it
    chmodSync(path.join(dataDir, 'canopy.sqlite'), 0o644);
    await connect({ dataDir }).close();
    expect(mode(path.join(dataDir, 'canopy.sqlite'))).toBe('600');
    const restoredInto = tempDir();
    await restoreBackup(loadConfig({ DATA_DIR: restoredInto, LOG_LEVEL: 'silent' }), file);
    expect(mode(path.join(restoredInto, 'canopy.sqlite'))).toBe('600');
  });

  it('18.4 backup settings are validated with the variable named', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '0' })).toThrow(
      'Invalid configuration: BACKUP_EVERY_HOURS must be more than 0 (got "0")',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '1.5' })).toThrow(
      'Invalid configuration: BACKUP_KEEP must be a whole number (got "1.5")',
    );
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      BACKUP_EVERY_HOURS: 24,
      BACKUP_KEEP: 7,
    });
  });

  it('18.4 scheduled backups keep only the newest BACKUP_KEEP archives', async () => {
    const backupDir = tempDir();
    writeFileSync(path.join(backupDir, 'keep-me.txt'), 'not a backup');
    const written: BackupSummary[] = [];
    let enough: () => void = () => {};
    const fourWritten = new Promise<void>((resolve) => {
      enough = resolve;
    });
    const stop = startBackupSchedule({
      ...t.config,
      backupDir,
      everyMs: 5,
      keep: 2,
      onResult: (result) => {
        if ('summary' in result) written.push(result.summary);
        if (written.length === 4) enough();
      },
    });
    await fourWritten;
    await stop();
    const archives = readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'));
    expect(archives).toHaveLength(2);
    expect(archives.sort()).toEqual(
      written
        .slice(-2)
        .map((s) => path.basename(s.file))
        .sort(),
    );
    expect(readdirSync(backupDir)).toContain('keep-me.txt');
    expect(await pruneBackups(backupDir, 1)).toEqual([archives.sort()[0]]);
    expect(scheduledBackupName(new Date('2026-11-23T21:00:00.123Z'))).toBe(
      'canopy-20261123T210000123Z.tar.gz',
    );
  });
});
