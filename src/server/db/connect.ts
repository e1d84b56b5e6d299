import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { PRIVATE_FILE } from '../config';
import { createGroupCommit } from './group-commit';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { preparedStatementName } from './reused-query';
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
  /** SQLite: hears the number of orders sharing each commit (metrics); returns the unsubscribe */
  onWriteBatch(listener: (size: number) => void): () => void;
  /** PostgreSQL: connections of the pool, for metrics */
  poolStats?(): PoolStats;
  /** Waits for queued write transactions to commit, then closes the connections. */
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each file its own) */
  pgSchema?: string;
  /**
   * How long a query waits for a free PostgreSQL connection before it fails (answered 503);
   * 3 s by default. Tests that stampede one row on a loaded machine wait longer.
   */
  pgPoolWaitMs?: number;
  sqliteFile?: string;
}

// COUNT(*) and other int8 results arrive as strings by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function connect(options: ConnectOptions): Db {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.pgSchema, options.pgPoolWaitMs)
    : connectSqlite(options);
}

/** Where the SQLite database of a data folder lives (backups and restore use the same name). */
export const SQLITE_FILE_NAME = 'canopy.sqlite';
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, SQLITE_FILE_NAME);

/**
 * Creates the database file readable by its owner only (SQLite gives its -wal and -shm files
 * the same mode), and narrows the mode of one made before this rule.
 */
function keepPrivate(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  chmodSync(file, PRIVATE_FILE);
}

function connectSqlite(options: ConnectOptions): Db {
  const file = options.sqliteFile ?? sqliteFileIn(options.dataDir);
  if (file !== ':memory:') keepPrivate(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged order survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  const batchListeners = new Set<(size: number) => void>();
  const writeTransaction = createGroupCommit(kysely, (size) => {
    for (const listener of batchListeners) listener(size);
  });
  return {
    kysely,
    dialect: 'sqlite',
    writeTransaction,
    onWriteBatch(listener) {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
    async close() {
      await writeTransaction.flush();
      await kysely.destroy();
    },
  };
}

const POOL_MAX = 20;

function connectPostgres(url: string, schema?: string, poolWaitMs = 3000): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: poolWaitMs,
    // a query is written as soon as it is asked for, without waiting for the one before it to
    // be answered: a transaction's BEGIN goes out with its first statement (below)
    pipeline: true,
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
  const kysely = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: preparing(pool) }),
  });
  return {
    kysely,
    dialect: 'postgres',
    postgres: { url, schema },
    writeTransaction: (work) => kysely.transaction().execute(work),
    onWriteBatch: () => () => {},
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    close: () => kysely.destroy(),
  };
}

/**
 * The checkout's reused SQL texts (reused-query.ts) run as named prepared statements, so
 * PostgreSQL parses and plans each once per connection instead of once per order.
 *
 * Kysely waits for BEGIN's answer before it sends a transaction's first statement. BEGIN
 * cannot fail on a working connection, so it is answered at once here and written with the
 * first statement, one round trip fewer per transaction (decision 023: 6-14% more orders/s on
 * a busy machine, no difference on a faster one). Should it fail after all, the statement sent
 * with it reports that error.
 */
function preparing(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let pendingBegin: Promise<unknown> | null = null;
      const query = (text: string, values: unknown[]) => {
        if (text === 'begin') {
          pendingBegin = client.query(text);
          pendingBegin.catch(() => {});
          return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [] });
        }
        const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
        const run = name ? client.query({ name, text, values }) : client.query(text, values);
        if (!pendingBegin) return run;
        const begin = pendingBegin;
        pendingBegin = null;
        return Promise.all([begin, run]).then(([, result]) => result);
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
