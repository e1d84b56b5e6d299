import { createReadStream, createWriteStream, existsSync, type Stats } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { PRIVATE_DIR, PRIVATE_FILE } from '../config';
import { SQLITE_FILE_NAME, sqliteFileIn } from '../db/connect';
import { acquireDataLock } from './data-lock';

/**
 * A backup is one `.tar.gz` holding `canopy.sqlite` (a consistent snapshot taken
 * with SQLite's online backup API while the shop runs), the `media/` folder and
 * `backup.json` (what it holds). Restore puts both back while no server runs.
 */
export const MANIFEST_NAME = 'backup.json';
const MEDIA_ENTRY = 'media';
/** Copy every page in one step: the snapshot is one read, so writers never restart it. */
const ALL_PAGES = 0x7fffffff;

export interface BackupSummary {
  file: string;
  createdAt: string;
  products: number;
  orders: number;
  mediaFiles: number;
}

export interface DataPaths {
  dataDir: string;
  mediaDir: string;
}

function countRows(file: string): { products: number; orders: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { products: count('products'), orders: count('orders') };
  } finally {
    db.close();
  }
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Snapshots the database of `dataDir` into `target` (a new file) while others keep writing. */
export async function snapshotDatabase(dataDir: string, target: string): Promise<void> {
  const source = new SQLite(sqliteFileIn(dataDir), { fileMustExist: true });
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

/** Writes the backup archive to `file` (through a temporary name, so a half backup never has the real name). */
export async function createBackup(paths: DataPaths, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
  const work = await mkdtemp(path.join(tmpdir(), 'canopy-backup-'));
  const plainTar = path.join(work, 'backup.tar');
  const partial = `${target}.partial`;
  try {
    await snapshotDatabase(paths.dataDir, path.join(work, SQLITE_FILE_NAME));
    const summary: BackupSummary = {
      file: target,
      createdAt: new Date().toISOString(),
      ...countRows(path.join(work, SQLITE_FILE_NAME)),
      mediaFiles: await countFiles(paths.mediaDir),
    };
    await writeFile(
      path.join(work, MANIFEST_NAME),
      JSON.stringify({ format: 'canopy-backup', version: 1, ...summary, file: undefined }),
    );
    await tar.create({ file: plainTar, cwd: work, portable: true }, [
      MANIFEST_NAME,
      SQLITE_FILE_NAME,
    ]);
    if (existsSync(paths.mediaDir)) {
      // The media folder joins the archive under `media/` from its own parent folder.
      const mediaParent = await stagedMediaParent(paths.mediaDir, work);
      await tar.replace({ file: plainTar, cwd: mediaParent, portable: true }, [MEDIA_ENTRY]);
    }
    await pipeline(
      createReadStream(plainTar),
      createGzip(),
      createWriteStream(partial, { mode: PRIVATE_FILE }),
    );
    await rename(partial, target);
    return summary;
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The folder whose `media` child is the media folder (a staged copy when the folder has another name). */
async function stagedMediaParent(mediaDir: string, work: string): Promise<string> {
  if (path.basename(mediaDir) === MEDIA_ENTRY) return path.dirname(mediaDir);
  await cp(mediaDir, path.join(work, MEDIA_ENTRY), { recursive: true });
  return work;
}

export class InvalidBackupError extends Error {}

/** Opens the extracted database and checks it is a whole Canopy database. */
function checkRestoredDatabase(file: string): { products: number; orders: number } {
  if (!existsSync(file)) throw new InvalidBackupError(`The archive holds no ${SQLITE_FILE_NAME}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new InvalidBackupError(`${SQLITE_FILE_NAME} in the archive is not an SQLite database`);
  }
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new InvalidBackupError(`The database fails its check: ${result}`);
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    throw new InvalidBackupError(`${SQLITE_FILE_NAME} in the archive is not an SQLite database`);
  } finally {
    db.close();
  }
  try {
    return countRows(file);
  } catch {
    throw new InvalidBackupError(`${SQLITE_FILE_NAME} in the archive is not a Canopy database`);
  }
}

export interface RestoreSummary {
  products: number;
  orders: number;
  mediaFiles: number;
  /** where the database and media that were there before now are */
  previous: string | null;
}

/** What a backup holds: regular files and folders, nothing that points or leads elsewhere. */
const PLAIN_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

function isPlain(entry: tar.ReadEntry | Stats): boolean {
  return 'type' in entry && PLAIN_TYPES.has(entry.type) && staysInside(entry.path);
}

function staysInside(entryPath: string): boolean {
  const absolute = path.posix.isAbsolute(entryPath) || path.win32.isAbsolute(entryPath);
  return !absolute && !entryPath.split(/[\\/]/).includes('..');
}

/**
 * Reads the archive's table before anything is extracted: a link (which would let the shop
 * serve any file of the machine as media), a device, an absolute path or `..` refuses it whole.
 */
async function refuseUnsafeEntries(file: string): Promise<void> {
  const unsafe: string[] = [];
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (!isPlain(entry)) unsafe.push(`${entry.path} (${entry.type})`);
      },
    });
  } catch {
    throw new InvalidBackupError(`${file} is not a Canopy backup (.tar.gz)`);
  }
  if (unsafe.length > 0)
    throw new InvalidBackupError(
      `${file} is refused: it holds entries that are not plain files or folders: ${unsafe.join(', ')}`,
    );
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Replaces the database and media of `dataDir` with those of the archive. Refuses
 * (DataDirInUseError) while a server holds the folder, and holds it itself meanwhile.
 * What was there before is moved to `DATA_DIR/before-restore-<time>/`, never deleted.
 */
export async function restoreBackup(paths: DataPaths, file: string): Promise<RestoreSummary> {
  const release = acquireDataLock(paths.dataDir, 'restore');
  const work = path.join(paths.dataDir, `.restore-${stamp()}`);
  try {
    if (!(await stat(file).catch(() => null))?.isFile())
      throw new InvalidBackupError(`No backup file at ${file}`);
    await mkdir(work);
    await refuseUnsafeEntries(file);
    try {
      await tar.extract({ file, cwd: work, strict: true, filter: (_p, e) => isPlain(e) });
    } catch {
      throw new InvalidBackupError(`${file} is not a Canopy backup (.tar.gz)`);
    }
    const counts = checkRestoredDatabase(path.join(work, SQLITE_FILE_NAME));
    const previous = await moveAside(paths);
    await rename(path.join(work, SQLITE_FILE_NAME), sqliteFileIn(paths.dataDir));
    await chmod(sqliteFileIn(paths.dataDir), PRIVATE_FILE);
    const restoredMedia = path.join(work, MEDIA_ENTRY);
    if (existsSync(restoredMedia)) await rename(restoredMedia, paths.mediaDir);
    else await mkdir(paths.mediaDir, { recursive: true });
    return { ...counts, mediaFiles: await countFiles(paths.mediaDir), previous };
  } finally {
    await rm(work, { recursive: true, force: true });
    release();
  }
}

/** Moves the current database (with its WAL) and media into a dated folder. */
async function moveAside(paths: DataPaths): Promise<string | null> {
  const database = sqliteFileIn(paths.dataDir);
  const current = [database, `${database}-wal`, `${database}-shm`, paths.mediaDir].filter((p) =>
    existsSync(p),
  );
  if (current.length === 0) return null;
  const folder = path.join(paths.dataDir, `before-restore-${stamp()}`);
  await mkdir(folder);
  for (const item of current) await rename(item, path.join(folder, path.basename(item)));
  return folder;
}
