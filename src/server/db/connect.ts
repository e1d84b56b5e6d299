import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { createGroupCommit } from './group-commit';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: where to open the LISTEN connection */
  postgres?: { url: string; schema?: string };
  /**
   * A short write transaction that only touches the database (an order). On SQLite,
   * concurrent ones share one commit (see group-commit.ts); on PostgreSQL each is its own.
   */
  writeTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each file its own) */
  pgSchema?: string;
  sqliteFile?: string;
}

// COUNT(*) and other int8 results arrive as strings by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function connect(options: ConnectOptions): Db {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.pgSchema)
    : connectSqlite(options);
}

function connectSqlite(options: ConnectOptions): Db {
  const file = options.sqliteFile ?? path.join(options.dataDir, 'canopy.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged order survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    writeTransaction: createGroupCommit(kysely),
    close: () => kysely.destroy(),
  };
}

function connectPostgres(url: string, schema?: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: 3000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // A checked-out client (between two queries of a transaction) that loses its connection
  // emits 'error' outside any query: without a listener that would crash the process. The
  // next query on it then fails (answered 503) and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    postgres: { url, schema },
    writeTransaction: (work) => kysely.transaction().execute(work),
    close: () => kysely.destroy(),
  };
}
