import { type Migration, Migrator } from 'kysely';
import type { Db } from './connect';
import * as initial from './migrations/2026-11-22T0001-initial';

/** Versioned migrations, listed in code so the bundle needs no directory scanning. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '2026-11-22T0001-initial': {
      up: (k) => initial.up(k, db.dialect),
      down: (k) => initial.down(k),
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(db) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
