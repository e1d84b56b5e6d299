/**
 * The server as `npm start` runs it, with a minimal web build in place of Vite's: it prints
 * the storefront's pages from the sources, for tests that hydrate them elsewhere.
 * Its database is prepared by the caller (test/server-process.ts prepareDatabase).
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/connect';
import { writeWebBuild } from './web-build';

const config = loadConfig();
const db = connect({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
const app = await buildApp({ config, db, webDir: writeWebBuild() });
await app.listen({ port: config.PORT, host: config.HOST });
