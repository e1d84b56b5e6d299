/**
 * `npm run backup -- <file.tar.gz>`: a consistent copy of the SQLite database and
 * the media folder, safe to take while the shop runs. On PostgreSQL it prints the
 * pg_dump command to use instead.
 */
import { createBackup } from '../backup/backup';
import { loadConfig } from '../config';

async function main() {
  const file = process.argv[2]?.trim();
  if (!file) {
    console.error('Usage: npm run backup -- <file.tar.gz>');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g.\n  pg_dump --format=custom --file=canopy.dump "$DATABASE_URL"\nand copy DATA_DIR/media beside it (see "Backups and restore" in the README).',
    );
    process.exit(2);
  }
  const summary = await createBackup(config, file);
  console.log(
    `Backup written to ${summary.file}: ${summary.products} products, ${summary.orders} orders, ${summary.mediaFiles} media files.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
