/**
 * `npm run restore -- <file.tar.gz>`: puts a backup's database and media back in
 * DATA_DIR. Refuses while a server holds the data folder; what was there before
 * is moved to DATA_DIR/before-restore-<time>/.
 */
import { restoreBackup } from '../backup/backup';
import { archiveContents, runArchiveCommand } from './archive-command';

runArchiveCommand(
  'restore',
  'restore PostgreSQL with pg_restore, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" canopy.dump',
  async (config, file) => {
    const summary = await restoreBackup(config, file);
    console.log(`Restored ${file}: ${archiveContents(summary)}`);
    if (summary.previous)
      console.log(`The previous database and media are in ${summary.previous}.`);
  },
);
