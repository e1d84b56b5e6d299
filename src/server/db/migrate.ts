import { type Migration, Migrator, sql } from 'kysely';
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
    // Kysely looks for its migration tables across every schema unless told which one:
    // with several schemas in one database (tests run in parallel) it would find another's.
    ...(db.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    db.kysely,
  );
  return rows[0].schema;
}
