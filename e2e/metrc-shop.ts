/**
 * The state-reporting journey's shop: a fake Metrc in this process on a free port,
 * and the shop's server reporting to it. Run as `node --import tsx e2e/metrc-shop.ts`.
 */
import { startFakeMetrc } from '../test/fake-metrc';

const fake = await startFakeMetrc();
Object.assign(process.env, fake.env);
// plain JavaScript without types: imported by its address
await import(new URL('../scripts/start.mjs', import.meta.url).href);
