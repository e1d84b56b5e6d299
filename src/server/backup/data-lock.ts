import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A server (or a restore) that uses a data folder's SQLite database says so in
 * `DATA_DIR/canopy.lock` with its process id. A lock whose process is gone (a
 * crash, a kill -9) is stale and taken over; a live one stops a restore, and a
 * second server on the same file.
 */
export const LOCK_FILE_NAME = 'canopy.lock';

export interface LockHolder {
  pid: number;
  role: 'server' | 'restore';
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(
      `The database in ${path.dirname(lockFile)} is in use by a running ${holder.role} (process ${holder.pid}, since ${holder.since}). Stop it first; if no such process is Canopy, delete ${lockFile}.`,
    );
  }
}

const lockFileIn = (dataDir: string) => path.join(dataDir, LOCK_FILE_NAME);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** The live process holding the data folder other than this one, or null. */
export function otherLockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(lockFileIn(dataDir));
  if (!holder || holder.pid === process.pid || !isAlive(holder.pid)) return null;
  return holder;
}

/** Takes the data folder for this process; answers the function that lets it go. */
export function acquireDataLock(dataDir: string, role: LockHolder['role']): () => void {
  const file = lockFileIn(dataDir);
  const holder = otherLockHolder(dataDir);
  if (holder) throw new DataDirInUseError(holder, file);
  const mine: LockHolder = { pid: process.pid, role, since: new Date().toISOString() };
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(mine));
  renameSync(partial, file);
  return () => {
    const current = readHolder(file);
    if (current?.pid === mine.pid && current.since === mine.since) rmSync(file, { force: true });
  };
}
