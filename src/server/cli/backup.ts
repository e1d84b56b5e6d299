/**
 * `npm run backup -- <file.tar.gz>`: a consistent copy of the SQLite database and
 * the media folder, safe to take while the shop runs. On PostgreSQL it prints the
 * pg_dump command to use instead.
 */
import { createBackup } from '../backup/backup';
import { archiveContents, runArchiveCommand } from './archive-command';

runArchiveCommand(
  'backup',
  'back up PostgreSQL with pg_dump, e.g.\n  pg_dump --format=custom --file=canopy.dump "$DATABASE_URL"\nand copy DATA_DIR/media beside it',
  async (config, file) => {
    const summary = await createBackup(config, file);
    console.log(`Backup written to ${summary.file}: ${archiveContents(summary)}`);
  },
);
