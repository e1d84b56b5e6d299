import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Dialect } from '../src/server/db/connect';
import { dealerClient } from './catalog-admin';
import { createTestApp, createTestDb, type TestApp, type TestDb } from './harness';

// Hooks for vitest suites, apart from test/harness.ts, which benches outside vitest import too.

/**
 * A fresh app for the tests of the enclosing `describe`: built before the first, disposed after
 * the last. The answer is filled in when the app is built, so read it inside tests and hooks.
 */
export function appPerSuite(
  dialect: Dialect,
  options: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(dialect, options));
  });
  afterAll(() => t.dispose?.());
  return t;
}

// biome-ignore lint/suspicious/noExplicitAny: the rows of an older schema than the live type
export type OldRow = Record<string, any>;

export interface OlderDb extends TestDb {
  /** the database typed loosely: its tables are an older schema than the live type */
  // biome-ignore lint/suspicious/noExplicitAny: an older schema than the live type
  old: any;
  /** inserts a row into a table of the older schema and answers its id */
  insert(table: string, row: OldRow): Promise<number>;
}

/**
 * For upgrade tests: answers a function that builds a database stopped after a given migration,
 * for a test to fill in the older schema and then migrate on; each is disposed after its test.
 */
export function olderDbPerTest(dialect: Dialect): (migration: string) => Promise<OlderDb> {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });
  return async (migration) => {
    const testDb = await createTestDb(dialect, { seed: false, migrateTo: migration });
    t = testDb;
    const old: OlderDb['old'] = testDb.db.kysely;
    return {
      ...testDb,
      old,
      insert: async (table, row) =>
        (await old.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id,
    };
  };
}

type DealerClient = Awaited<ReturnType<typeof dealerClient>>;

/**
 * A fresh app for the enclosing `describe` with its dealer signed in: `send` speaks as the dealer,
 * and `events` gathers the type of every event the app publishes, in order.
 */
export function dealerPerSuite(
  dialect: Dialect,
  options: Parameters<typeof createTestApp>[1] = {},
) {
  const t = appPerSuite(dialect, options);
  const events: string[] = [];
  let dealer: DealerClient | undefined;
  beforeAll(async () => {
    dealer = await dealerClient(t);
    t.app.events.subscribe((e) => events.push(e.type));
  });
  const signedIn = () => {
    if (!dealer) throw new Error('the dealer signs in before the first test');
    return dealer;
  };
  const send: DealerClient['send'] = (...args) => signedIn().send(...args);
  return {
    t,
    events,
    send,
    /** the dealer's session cookie, once signed in */
    cookie: () => signedIn().cookie,
  };
}
