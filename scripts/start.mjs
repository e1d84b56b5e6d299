/**
 * `npm start`: builds the web client and the server bundle when they are missing
 * or older than their sources, then runs the server bundle in this process.
 * Plain JavaScript on purpose: the running server carries no TypeScript loader
 * (about 60 MB less memory than running the sources through tsx).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = (file) => newestMtime(at(file)) || 0;
const isStale = (output, sources) =>
  builtAt(output) < Math.max(...sources.map((source) => newestMtime(at(source))));

function runScript(script, why) {
  console.log(`${why}: npm run ${script}...`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['src/shared', 'package.json'];
if (isStale('dist/web/index.html', ['src/web', 'vite.config.ts', ...shared])) {
  runScript('build:web', 'Building the web client (first start or sources changed)');
}
// the server renders the storefront's pages, so the web sources are its sources too
if (isStale('dist/server/serve.js', ['src/server', 'src/web', ...shared])) {
  runScript('build:server', 'Building the server (first start or sources changed)');
}
// the bundle keeps React external: without this, Node would load its development build
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(at('dist/server/serve.js')).href);
