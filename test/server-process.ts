/**
 * Helpers shared by the fault tests (src/server/fault), the soak tests (bench/soak)
 * and the benchmarks (bench/): fresh databases, the server as a child process,
 * and shoppers that build valid orders.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connect, type Db } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemoCatalogIfEmpty } from '../src/server/db/seed/demo-catalog';
import type { QuantityLabel } from '../src/shared/constants';
import type { PriceCartInput } from '../src/shared/pricing';
import type { CartItem, Order } from '../src/shared/schemas/orders';
import type { Product } from '../src/shared/schemas/products';
import type { Promotion } from '../src/shared/schemas/promotions';
import { cartLine, orderBody } from './orders-fixtures';
import { runSql } from './postgres';

export const ROOT = path.resolve(import.meta.dirname, '..');

export type Backend = 'sqlite' | 'postgres';

export interface FreshDatabase {
  backend: Backend;
  dataDir: string;
  mediaDir: string;
  /** environment for a server process using this database */
  env: Record<string, string>;
  /** PostgreSQL: the URL of the fresh database */
  databaseUrl?: string;
  open(): Db;
  dispose(): Promise<void>;
}

/** A temp DATA_DIR, and on PostgreSQL a fresh database next to `baseUrl`'s, dropped by dispose(). */
export async function freshDatabase(backend: Backend, baseUrl?: string): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-fault-'));
  const mediaDir = path.join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  if (backend === 'sqlite') {
    return {
      backend,
      dataDir,
      mediaDir,
      env: { DATA_DIR: dataDir },
      open: () => connect({ dataDir }),
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!baseUrl) throw new Error('PostgreSQL needs a database URL');
  // The one exception to "a schema per test" (test/harness.ts): a server process gets a
  // database of its own. It runs the operator's real configuration (a plain DATABASE_URL,
  // no schema option), and LISTEN/NOTIFY channels are shared by a whole database, so two
  // servers in one database would receive each other's real-time events.
  const name = `canopy_fault_${randomBytes(6).toString('hex')}`;
  await runSql(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    backend,
    dataDir,
    mediaDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => connect({ dataDir, databaseUrl }),
    async dispose() {
      await runSql(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Demo images take sharp many seconds to draw on a busy machine: draw them once
 * into a shared cache folder and copy them into every fresh media folder.
 */
async function demoMediaCache(): Promise<string> {
  const cache = path.join(tmpdir(), 'canopy-demo-media-cache-v1');
  if (existsSync(cache)) return cache;
  const building = mkdtempSync(path.join(tmpdir(), 'canopy-demo-media-'));
  const scratch = connect({ dataDir: building, sqliteFile: path.join(building, 'scratch.sqlite') });
  try {
    await migrateToLatest(scratch);
    mkdirSync(path.join(building, 'media'));
    await seedDemoCatalogIfEmpty(scratch, path.join(building, 'media'));
  } finally {
    await scratch.close();
  }
  try {
    renameSync(path.join(building, 'media'), cache);
  } catch {
    // another process finished first
  }
  rmSync(building, { recursive: true, force: true });
  return cache;
}

/** Migrates and seeds the demo catalog, as the server does on its first start. */
export async function prepareDatabase(fresh: FreshDatabase): Promise<void> {
  cpSync(await demoMediaCache(), fresh.mediaDir, { recursive: true });
  const db = fresh.open();
  try {
    await migrateToLatest(db);
    await seedDemoCatalogIfEmpty(db, fresh.mediaDir);
  } finally {
    await db.close();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** milliseconds from spawn to the first 200 on /api/products */
  startupMs: number;
  /** the last 4,000 characters the server wrote to stderr */
  stderr(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  env: Record<string, string>;
  /** command and arguments; defaults to `node --import tsx src/server/main.ts` */
  command?: string[];
  /** run the built bundle `dist/server/serve.js` (what `npm start` runs) instead of the sources */
  bundle?: boolean;
  port?: number;
  timeoutMs?: number;
  extraNodeArgs?: string[];
}

/** Server process groups still running: ended if this process exits without stopping them. */
const liveGroups = new Set<number>();
let exitHandlerInstalled = false;

/** Installed by the first spawn, so that merely importing this module changes nothing in the process. */
function killLiveGroupsOnExit(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.once('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Starts the server as a child process and waits for the first 200 on /api/products. */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const entry = options.bundle
    ? ['dist/server/serve.js']
    : ['--import', 'tsx', 'src/server/main.ts'];
  const [cmd, ...args] = options.command ?? [
    process.execPath,
    ...(options.extraNodeArgs ?? []),
    ...entry,
  ];
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      // as `npm start` does: the bundle keeps React external and must not load its development build
      ...(options.bundle ? { NODE_ENV: 'production' } : {}),
      // Hundreds of buyers from one address: the order and chat limits are off unless a caller sets them.
      ORDER_RATE_LIMIT: 'off',
      CHAT_RATE_LIMIT: 'off',
      CHAT_SESSION_LIMIT: 'off',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // its own process group, so that kill reaches node under `npm start` too
    detached: true,
  });
  const pid = child.pid;
  if (pid) {
    killLiveGroupsOnExit();
    liveGroups.add(pid);
    child.once('exit', () => liveGroups.delete(pid));
  }
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;
  // generous: on a 2-core machine at load 20 a cold start (tsx compiling the server) took over 30 s
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    // Node's own client: a happy-dom test's fetch logs every refusal while nothing listens
    if ((await get(`${url}/api/products`).catch(() => 0)) === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time: ${stderr}`);
    }
    await sleep(25);
  }
  const startupMs = performance.now() - started;
  return {
    child,
    port,
    url,
    startupMs,
    stderr: () => stderr,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) {
        // npm start runs node under npm and a shell: signal the whole process group
        try {
          if (child.pid) process.kill(-child.pid, signal);
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Products and promotions as a shopper sees them. */
export interface Storefront {
  products: Product[];
  promotions: Promotion[];
}

export async function readStorefront(url: string): Promise<Storefront> {
  const [products, promotions] = await Promise.all([
    fetch(`${url}/api/products`).then((r) => r.json() as Promise<Product[]>),
    fetch(`${url}/api/promotions`).then((r) => r.json() as Promise<Promotion[]>),
  ]);
  return { products, promotions };
}

const FLOWER_SIZES: QuantityLabel[] = ['1/8 Oz', '1/4 Oz', '1/8 Oz'];
const UNIT_COUNTS: QuantityLabel[] = ['1', '2', '1'];

/** True when a product can be sold in the simple sizes the shoppers use. */
export function isSimple(p: Product): boolean {
  return (
    p.stock > 0 &&
    p.flavors.length === 0 &&
    p.strainTypes.length <= 1 &&
    p.price > 0 &&
    p.category !== 'accessories-bulk'
  );
}

/**
 * A random valid pickup order: one flower line and one unit line, and one
 * order in four carries a promo code valid every day.
 */
/** A licensed shop's orders: deliveries into a zone, taxed, one customer each. */
export interface LicensedOrders {
  postalCode: string;
  pricing: Required<Pick<PriceCartInput, 'delivery' | 'tax'>>;
}

export function randomOrder(
  store: Storefront,
  random: () => number = Math.random,
  pool: Product[] = store.products.filter(isSimple),
  licensed?: LicensedOrders,
): Record<string, unknown> | null {
  if (pool.length === 0) return null;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const flower = pool.filter((p) => p.category === 'flower');
  const units = pool.filter((p) => p.category !== 'flower');
  const lines: CartItem[] = [];
  const strainOf = (p: Product) =>
    p.strainTypes.length === 1 ? { strainType: p.strainTypes[0] } : {};
  if (flower.length > 0) {
    const p = pick(flower);
    lines.push(cartLine(p, pick(FLOWER_SIZES), 1, strainOf(p)));
  }
  if (units.length > 0 && (lines.length === 0 || random() < 0.7)) {
    const p = pick(units);
    lines.push(cartLine(p, pick(UNIT_COUNTS), 1, strainOf(p)));
  }
  const promo =
    random() < 0.25 ? store.promotions.find((p) => p.promoCode === 'WELCOME10' && p.active) : null;
  const where = licensed
    ? {
        orderType: 'delivery',
        address: `1 Bench Street, San Francisco, CA ${licensed.postalCode}`,
        // a customer per order: the daily limits count per phone number
        phone: `415${String(Math.floor(random() * 1e7)).padStart(7, '0')}`,
        pricing: licensed.pricing,
      }
    : { orderType: 'pickup' };
  return orderBody(lines, store.products, {
    ...where,
    ...(promo ? { promoCode: promo.promoCode, promotion: promo } : {}),
  });
}

export interface Acknowledged {
  id: number;
  items: { id: number; quantity: string; count: number }[];
}

export interface BuyerStats {
  acknowledged: Acknowledged[];
  latenciesMs: number[];
  /** when each of latenciesMs started, ms after the first buyer started */
  startsMs: number[];
  statuses: Map<number, number>;
  networkErrors: number;
  /** answers cut off after their status arrived, or 2xx bodies that are not whole JSON */
  halfAnswers: number;
  /** orders sent with an Idempotency-Key (see `keyedShare`) */
  keyed: KeyedAttempt[];
}

/** One order sent with an Idempotency-Key; `answer` is null while no answer came back. */
export interface KeyedAttempt {
  key: string;
  /** the shopper cookie the key is scoped to (a retry must send it again) */
  cookie: string;
  /** unique per key, so the audit finds every order placed for it */
  customer: string;
  body: string;
  answer: { status: number; id: number | null } | null;
}

function keyedAttempt(body: Record<string, unknown>): KeyedAttempt {
  const key = randomBytes(12).toString('hex');
  const customer = `Keyed ${key}`;
  return {
    key,
    cookie: `canopy_shopper=${randomBytes(18).toString('base64url')}`,
    customer,
    body: JSON.stringify({ ...body, customer }),
    answer: null,
  };
}

const keyHeaders = (attempt: KeyedAttempt) => ({
  'idempotency-key': attempt.key,
  cookie: attempt.cookie,
});

/**
 * Sends every keyed order that got no answer again, with the same key, cookie and body, as a
 * shopper's browser retries after the server came back; "still being placed" is retried.
 */
export async function retryUnanswered(url: string, attempts: KeyedAttempt[]): Promise<number> {
  let retried = 0;
  for (const attempt of attempts.filter((a) => a.answer === null)) {
    retried += 1;
    // Past the 60 s after which a key without an answer used to be given to a retry.
    for (let tries = 0; tries < 650; tries++) {
      const res = await post(
        `${url}/api/orders/simple`,
        attempt.body,
        undefined,
        keyHeaders(attempt),
      );
      if (res.status === 409 && res.text.includes('still being placed')) {
        await sleep(100);
        continue;
      }
      attempt.answer = { status: res.status, id: orderIdOf(res) };
      break;
    }
  }
  return retried;
}

function orderIdOf(res: { status: number; text: string }): number | null {
  if (res.status < 200 || res.status >= 300) return null;
  try {
    return (JSON.parse(res.text) as Order).id;
  } catch {
    return null;
  }
}

export interface KeyedAudit {
  /** keys with more than one stored order */
  duplicated: string[];
  /** keys answered 2xx whose order is not the one stored for the key */
  mismatched: string[];
}

/** Never two orders for one key, and a 2xx answer names the order stored for its key. */
export async function auditKeyed(db: Db, attempts: KeyedAttempt[]): Promise<KeyedAudit> {
  const rows = await db.kysely
    .selectFrom('orders')
    .select(['id', 'customer'])
    .where('customer', 'like', 'Keyed %')
    .execute();
  const byCustomer = new Map<string, number[]>();
  for (const row of rows)
    byCustomer.set(row.customer, [...(byCustomer.get(row.customer) ?? []), row.id]);
  const duplicated: string[] = [];
  const mismatched: string[] = [];
  for (const attempt of attempts) {
    const stored = byCustomer.get(attempt.customer) ?? [];
    if (stored.length > 1) duplicated.push(attempt.key);
    if (attempt.answer?.id != null && stored[0] !== attempt.answer.id) mismatched.push(attempt.key);
  }
  return { duplicated, mismatched };
}

/**
 * Buyers place real orders over HTTP until `stop()` says so or every product
 * they try is sold out. Each 2xx is recorded as acknowledged.
 */
export async function runBuyers(
  url: string,
  store: Storefront,
  options: {
    buyers: number;
    stop: () => boolean;
    maxConsecutiveRefusals?: number;
    /** called after every 2xx */
    onAcknowledged?: () => void;
    /** share of orders sent with an Idempotency-Key of their own (0 by default) */
    keyedShare?: number;
    licensed?: LicensedOrders;
  },
): Promise<BuyerStats> {
  const stats: BuyerStats = {
    acknowledged: [],
    latenciesMs: [],
    startsMs: [],
    statuses: new Map(),
    networkErrors: 0,
    halfAnswers: 0,
    keyed: [],
  };
  const soldOut = new Set<number>();
  const limit = options.maxConsecutiveRefusals ?? 20;
  // node:http with one keep-alive socket per buyer (with fetch a few buyers were served over
  // and over while most waited for the whole run: a load-generator artefact).
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.buyers });
  // Every buyer opens its connection before the clock starts (as autocannon does): 200
  // connections arriving at once at a busy server were otherwise taken on one by one, and
  // the last ones waited seconds for their first answer.
  await Promise.all(
    Array.from({ length: options.buyers }, () =>
      get(`${url}/api/categories`, agent).catch(() => undefined),
    ),
  );
  const origin = performance.now();
  const buyer = async () => {
    let refusals = 0;
    while (!options.stop() && refusals < limit) {
      const pool = store.products.filter((p) => isSimple(p) && !soldOut.has(p.id));
      const body = randomOrder(store, Math.random, pool, options.licensed);
      if (!body) return;
      const keyed = Math.random() < (options.keyedShare ?? 0) ? keyedAttempt(body) : null;
      if (keyed) stats.keyed.push(keyed);
      const started = performance.now();
      let res: { status: number; text: string };
      try {
        res = keyed
          ? await post(`${url}/api/orders/simple`, keyed.body, agent, keyHeaders(keyed))
          : await post(`${url}/api/orders/simple`, JSON.stringify(body), agent);
        if (keyed) keyed.answer = { status: res.status, id: orderIdOf(res) };
      } catch (error) {
        if ((error as { halfAnswer?: boolean }).halfAnswer) stats.halfAnswers += 1;
        else stats.networkErrors += 1;
        if (options.stop()) return;
        await sleep(20);
        refusals += 1;
        continue;
      }
      let answer: (Order & { outOfStockItems?: { name: string }[] }) | null = null;
      try {
        answer = JSON.parse(res.text);
      } catch {
        answer = null;
        if (res.status >= 200 && res.status < 300) stats.halfAnswers += 1;
      }
      stats.latenciesMs.push(performance.now() - started);
      stats.startsMs.push(started - origin);
      stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 200 && res.status < 300 && answer) {
        refusals = 0;
        stats.acknowledged.push({
          id: answer.id,
          items: answer.items.map((i) => ({ id: i.id, quantity: i.quantity, count: i.count })),
        });
        options.onAcknowledged?.();
      } else {
        refusals += 1;
        for (const item of answer?.outOfStockItems ?? []) {
          const product = store.products.find((p) => p.name === item.name);
          if (product) soldOut.add(product.id);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.buyers }, buyer));
  } finally {
    agent.destroy();
  }
  return stats;
}

/** GET `url`, reading the body to its end; resolves with the answer's status. */
function get(url: string, agent?: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** POST a JSON body; resolves with the status and the body text. */
export function post(
  url: string,
  body: string,
  agent?: http.Agent,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        // The status line arrived: a connection lost from here on cut an answer in half.
        const halfAnswer = (error: Error) => reject(Object.assign(error, { halfAnswer: true }));
        res.on('end', () => {
          if (!res.complete) return halfAnswer(new Error('answer cut off'));
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', halfAnswer);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface StockAudit {
  /** products whose initial stock differs from final stock + stock in stored orders */
  unbalanced: { id: number; initial: number; final: number; inOrders: number }[];
  /** acknowledged orders that are missing or whose items differ */
  lost: number[];
  negative: number[];
  storedOrders: number;
}

export type StockSnapshot = Map<number, number>;

export async function stockSnapshot(db: Db): Promise<StockSnapshot> {
  const rows = await db.kysely.selectFrom('products').select(['id', 'stock']).execute();
  return new Map(rows.map((r) => [r.id, Number(r.stock)]));
}

/** Every acknowledged order is stored with its items, and stock is conserved for every product. */
export async function auditOrders(
  db: Db,
  initial: StockSnapshot,
  acknowledged: Acknowledged[],
): Promise<StockAudit> {
  const final = await stockSnapshot(db);
  const items = await db.kysely
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'quantity', 'count', 'stock_taken'])
    .execute();
  const orders = await db.kysely.selectFrom('orders').select('id').execute();
  const taken = new Map<number, number>();
  const byOrder = new Map<number, typeof items>();
  for (const item of items) {
    taken.set(item.product_id, (taken.get(item.product_id) ?? 0) + Number(item.stock_taken));
    byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  }
  const unbalanced: StockAudit['unbalanced'] = [];
  const negative: number[] = [];
  for (const [id, start] of initial) {
    const end = final.get(id) ?? 0;
    const inOrders = taken.get(id) ?? 0;
    if (end < 0) negative.push(id);
    if (Math.abs(start - (end + inOrders)) > 1e-9)
      unbalanced.push({ id, initial: start, final: end, inOrders });
  }
  const lost: number[] = [];
  for (const ack of acknowledged) {
    const stored = byOrder.get(ack.id) ?? [];
    const same =
      stored.length === ack.items.length &&
      ack.items.every((a) =>
        stored.some(
          (s) => s.product_id === a.id && s.quantity === a.quantity && s.count === a.count,
        ),
      );
    if (!same) lost.push(ack.id);
  }
  return { unbalanced, lost, negative, storedOrders: orders.length };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export interface FaultApp {
  app: FastifyInstance;
  db: Db;
  fresh: FreshDatabase;
  dispose(): Promise<void>;
}

/**
 * Like the test harness's createTestApp, but on PostgreSQL in a database of its own
 * (see freshDatabase) and with the demo images copied from the cache.
 */
export async function createFaultApp(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<FaultApp> {
  const fresh = await freshDatabase(backend, process.env.TEST_DATABASE_URL);
  await prepareDatabase(fresh);
  const config = loadConfig({
    ...fresh.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ORDER_RATE_LIMIT: 'off',
    CHAT_RATE_LIMIT: 'off',
    CHAT_SESSION_LIMIT: 'off',
    ...env,
  });
  const db = fresh.open();
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    fresh,
    async dispose() {
      await app.close();
      await db.close();
      await fresh.dispose();
    },
  };
}
