/**
 * `npm run restore -- <file.tar.gz>`: puts a backup's database and media back in
 * DATA_DIR. Refuses while a server holds the data folder; what was there before
 * is moved to DATA_DIR/before-restore-<time>/.
 */
import { restoreBackup } from '../backup/backup';
import { loadConfig } from '../config';

async function main() {
  const file = process.argv[2]?.trim();
  if (!file) {
    console.error('Usage: npm run restore -- <file.tar.gz>');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" canopy.dump\n(see "Backups and restore" in the README).',
    );
    process.exit(2);
  }
  const summary = await restoreBackup(config, file);
  console.log(
    `Restored ${file}: ${summary.products} products, ${summary.orders} orders, ${summary.mediaFiles} media files.`,
  );
  if (summary.previous) console.log(`The previous database and media are in ${summary.previous}.`);
}

main().catch((error) => {
  // A refusal (server running, not a backup) is one readable line, like any other failure.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
