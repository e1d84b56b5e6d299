import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { acquireDataLock } from './data-lock';
import { startBackupSchedule } from './schedule';

const HOUR_MS = 60 * 60 * 1000;

/**
 * On SQLite the server holds its data folder (so `npm run restore` refuses while it
 * runs) and, with BACKUP_DIR set, backs it up every BACKUP_EVERY_HOURS.
 */
export const dataFolderDuties = fp(async (app: FastifyInstance) => {
  const { config } = app;
  if (app.db.dialect !== 'sqlite') {
    if (config.BACKUP_DIR)
      app.log.warn('BACKUP_DIR is ignored on PostgreSQL: back up with pg_dump (see the README).');
    return;
  }
  const release = acquireDataLock(config.dataDir, 'server');
  const stopSchedule = config.BACKUP_DIR ? startSchedule(app, config.BACKUP_DIR) : async () => {};
  app.addHook('onClose', async () => {
    await stopSchedule();
    release();
  });
});

function startSchedule(app: FastifyInstance, backupDir: string): () => Promise<void> {
  const { config } = app;
  return startBackupSchedule({
    dataDir: config.dataDir,
    mediaDir: config.mediaDir,
    backupDir: path.resolve(backupDir),
    everyMs: config.BACKUP_EVERY_HOURS * HOUR_MS,
    keep: config.BACKUP_KEEP,
    onResult: (result) => {
      if ('error' in result) app.log.error({ err: result.error }, 'scheduled backup failed');
      else app.log.info({ backup: result.summary }, 'scheduled backup written');
    },
  });
}
