import { type Migration, Migrator, sql } from 'kysely';
import type { Db } from './connect';
import * as initial from './migrations/2026-11-22T0001-initial';
import * as realtimeHardening from './migrations/2026-11-23T0013-realtime-hardening';
import * as uniquePromoCodes from './migrations/2026-11-24T0014-unique-promo-codes';
import * as contactMessageInbox from './migrations/2026-11-24T0015-contact-message-inbox';
import * as storeProfile from './migrations/2026-11-24T0016-store-profile';
import * as checkoutRules from './migrations/2026-11-24T0017-checkout-rules';
import * as pricesIncludeTaxes from './migrations/2026-11-24T0018-prices-include-taxes';
import * as dailyGramsFunction from './migrations/2026-11-25T0019-daily-grams-function';
import * as categoryIds from './migrations/2026-11-25T0020-category-ids';
import * as staffRoles from './migrations/2026-11-25T0021-staff-roles';
import * as auditLog from './migrations/2026-11-25T0022-audit-log';
import * as orderStatusLinks from './migrations/2026-11-25T0023-order-status-links';
import * as dispatch from './migrations/2026-11-25T0024-dispatch';
import * as doorChecks from './migrations/2026-11-25T0025-door-checks';
import * as doorSignatures from './migrations/2026-11-25T0026-door-signatures';
import * as receipts from './migrations/2026-11-25T0027-receipts';
import * as cannabisProducts from './migrations/2026-11-27T0028-cannabis-products';
import * as salesAreRecords from './migrations/2026-11-27T0029-sales-are-records';
import * as chatSpam from './migrations/2026-11-28T0031-chat-spam';
import * as sharedCounters from './migrations/2026-11-28T0032-shared-counters';
import * as deliveryAttempts from './migrations/2026-11-28T0033-delivery-attempts';
import * as paymentCollected from './migrations/2026-11-28T0034-payment-collected';
import * as orderHolds from './migrations/2026-11-29T0034-order-holds';
import * as reportIndexes from './migrations/2026-11-30T0040-report-indexes';
import * as productFacts from './migrations/2026-11-30T0041-product-facts';
import * as noShopDayCustomerIndexes from './migrations/2026-11-30T0042-no-shop-day-customer-indexes';
import * as reportSummaries from './migrations/2026-11-30T0043-report-summaries';
import * as metrc from './migrations/2026-11-30T0050-metrc';
import * as orderDepartedAt from './migrations/2026-12-01T0051-order-departed-at';
import * as reportShards from './migrations/2026-12-01T0052-report-shards';
import * as customerDayGrams from './migrations/2026-12-01T0053-customer-day-grams';
import * as reportLinesByOrderKey from './migrations/2026-12-01T0054-report-lines-by-order-key';

/** Versioned migrations in the order they run, listed in code so the bundle needs no directory scanning. */
const MIGRATIONS = {
  '2026-11-22T0001-initial': initial,
  '2026-11-23T0013-realtime-hardening': realtimeHardening,
  '2026-11-24T0014-unique-promo-codes': uniquePromoCodes,
  '2026-11-24T0015-contact-message-inbox': contactMessageInbox,
  '2026-11-24T0016-store-profile': storeProfile,
  '2026-11-24T0017-checkout-rules': checkoutRules,
  '2026-11-24T0018-prices-include-taxes': pricesIncludeTaxes,
  '2026-11-25T0019-daily-grams-function': dailyGramsFunction,
  '2026-11-25T0020-category-ids': categoryIds,
  '2026-11-25T0021-staff-roles': staffRoles,
  '2026-11-25T0022-audit-log': auditLog,
  '2026-11-25T0023-order-status-links': orderStatusLinks,
  '2026-11-25T0024-dispatch': dispatch,
  '2026-11-25T0025-door-checks': doorChecks,
  '2026-11-25T0026-door-signatures': doorSignatures,
  '2026-11-25T0027-receipts': receipts,
  '2026-11-27T0028-cannabis-products': cannabisProducts,
  '2026-11-27T0029-sales-are-records': salesAreRecords,
  '2026-11-28T0031-chat-spam': chatSpam,
  '2026-11-28T0032-shared-counters': sharedCounters,
  '2026-11-28T0033-delivery-attempts': deliveryAttempts,
  '2026-11-28T0034-payment-collected': paymentCollected,
  '2026-11-29T0034-order-holds': orderHolds,
  '2026-11-30T0040-report-indexes': reportIndexes,
  '2026-11-30T0041-product-facts': productFacts,
  '2026-11-30T0042-no-shop-day-customer-indexes': noShopDayCustomerIndexes,
  '2026-11-30T0043-report-summaries': reportSummaries,
  '2026-11-30T0050-metrc': metrc,
  '2026-12-01T0051-order-departed-at': orderDepartedAt,
  '2026-12-01T0052-report-shards': reportShards,
  '2026-12-01T0053-customer-day-grams': customerDayGrams,
  '2026-12-01T0054-report-lines-by-order-key': reportLinesByOrderKey,
};

export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

function migrationsFor(db: Db): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      { up: (k) => migration.up(k, db.dialect), down: (k) => migration.down(k) },
    ]),
  );
}

async function migratorFor(db: Db): Promise<Migrator> {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(db) },
    // Kysely's own tables live in the connection's schema, named with it in every statement
    // (several schemas share a database when the tests run in parallel)
    ...(db.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
}

/**
 * Names of the migrations this code knows that the database has not run (readiness).
 * Read straight from Kysely's migration table: the Migrator's own `getMigrations()`
 * introspects the schema's tables first, a much larger read than one table.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const executed = new Set(await executedMigrationNames(db));
  return MIGRATION_NAMES.filter((name) => !executed.has(name));
}

async function executedMigrationNames(db: Db): Promise<string[]> {
  const exists =
    db.dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`
      : sql<{
          found: string | null;
        }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  const { rows } = await exists.execute(db.kysely);
  if (!rows[0]?.found) return [];
  const executed = await sql<{ name: string }>`select name from kysely_migration`.execute(
    db.kysely,
  );
  return executed.rows.map((row) => row.name);
}

export async function migrateToLatest(db: Db): Promise<void> {
  await migrateTo(db, null);
}

/** Runs the migrations up to and including `name` (all of them for null): upgrade tests. */
export async function migrateTo(db: Db, name: string | null): Promise<void> {
  const migrator = await migratorFor(db);
  const { error, results } =
    name === null ? await migrator.migrateToLatest() : await migrator.migrateTo(name);
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
