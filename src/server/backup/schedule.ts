import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BackupSummary, createBackup, type DataPaths } from './backup';

const SCHEDULED_NAME = /^canopy-\d{8}T\d{9}Z\.tar\.gz$/;

export interface BackupScheduleOptions extends DataPaths {
  backupDir: string;
  everyMs: number;
  keep: number;
  /** told after each attempt (the server logs it; tests wait on it) */
  onResult(result: { summary: BackupSummary } | { error: unknown }): void;
}

/** canopy-20261123T210000123Z.tar.gz (UTC, to the millisecond): names that sort by time. */
export function scheduledBackupName(at: Date): string {
  const compact = at.toISOString().replace(/[-:.]/g, '');
  return `canopy-${compact}.tar.gz`;
}

/** Deletes the oldest scheduled backups beyond `keep`; other files in the folder are left alone. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const names = (await readdir(backupDir)).filter((name) => SCHEDULED_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(backupDir, name), { force: true });
  return old;
}

/** Runs a backup every `everyMs` (never two at once); answers the function that stops it (after a running one ends). */
export function startBackupSchedule(options: BackupScheduleOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const backupOnce = async () => {
    try {
      const file = path.join(options.backupDir, scheduledBackupName(new Date()));
      const summary = await createBackup(options, file);
      await pruneBackups(options.backupDir, options.keep);
      options.onResult({ summary });
    } catch (error) {
      options.onResult({ error });
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= backupOnce();
  }, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
