import { type Config, loadConfig } from '../config';

/**
 * What `npm run backup` and `npm run restore` share: the archive argument, the
 * configuration, the refusal on PostgreSQL (whose own tools do this) and one
 * readable line for any failure.
 */
export function runArchiveCommand(
  command: 'backup' | 'restore',
  postgresAdvice: string,
  work: (config: Config, file: string) => Promise<void>,
): void {
  const run = async () => {
    const file = process.argv[2]?.trim();
    if (!file) {
      console.error(`Usage: npm run ${command} -- <file.tar.gz>`);
      process.exit(2);
    }
    const config = loadConfig();
    if (config.DATABASE_URL) {
      console.error(
        `DATABASE_URL is set: ${postgresAdvice}\n(see "Backups and restore" in the README).`,
      );
      process.exit(2);
    }
    await work(config, file);
  };
  run().catch((error) => {
    // A refusal (server running, not a backup) is one readable line, like any other failure.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** What an archive holds, in the words both commands end with. */
export const archiveContents = (summary: {
  products: number;
  orders: number;
  mediaFiles: number;
}) => `${summary.products} products, ${summary.orders} orders, ${summary.mediaFiles} media files.`;
