/**
 * `npm run dealer -- <username>`: creates the dealer or resets its password.
 * The password is read from a hidden prompt, or from the first line of stdin
 * when it is not a terminal (for scripts: `echo "$PW" | npm run dealer -- alice`).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { ensureDealer } from '../modules/auth/service';

const MIN_LENGTH = 8;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return '';
  }
  process.stdout.write('Password: ');
  // readline echoes typed keys to its output; a muted output hides the password.
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main() {
  const username = process.argv[2]?.trim();
  if (!username) {
    console.error('Usage: npm run dealer -- <username>');
    process.exit(2);
  }
  const password = await readPassword();
  if (password.length < MIN_LENGTH) {
    console.error(`The password must be at least ${MIN_LENGTH} characters.`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = connect({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  await migrateToLatest(db);
  const { created } = await ensureDealer(db.kysely, username, password, {
    staff: null,
    address: 'cli',
  });
  await db.close();
  console.log(
    created ? `Dealer "${username}" created.` : `Password of dealer "${username}" reset.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
