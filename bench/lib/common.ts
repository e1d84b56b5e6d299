import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Product } from '../../src/shared/schemas/products';
import {
  type Backend,
  type FreshDatabase,
  freePort,
  freshDatabase,
  prepareDatabase,
  sleep,
} from '../../test/server-process';

export { percentile } from '../../test/server-process';

/** One line of the results table. */
export interface Figure {
  benchmark: string;
  backend: string;
  figure: string;
  value: string;
  target: string;
  /** true PASS, false SHORT, null informational */
  pass: boolean | null;
  note?: string;
}

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const BACKEND: Backend = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const NGINX = '/usr/sbin/nginx';

export const fmt = (n: number, digits = 1) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a';

export const log = (...args: unknown[]) => console.error('[bench]', ...args);

/** A fresh database for this run (SQLite, or a new database next to DATABASE_URL's). */
export function benchDatabase(): Promise<FreshDatabase> {
  return freshDatabase(BACKEND, process.env.DATABASE_URL);
}

/**
 * Fills the database to `count` products: the demo catalog (categories,
 * promotions, 30-odd products with images) and copies of its products with
 * new names until the count is reached.
 */
export async function fillCatalog(fresh: FreshDatabase, count = 2000): Promise<void> {
  await prepareDatabase(fresh);
  const db = fresh.open();
  try {
    const rows = await db.kysely.selectFrom('products').selectAll().execute();
    const copies = [];
    for (let i = rows.length; i < count; i++) {
      const { id: _id, ...row } = rows[i % rows.length];
      copies.push({
        ...row,
        name: `${row.name} Lot ${i}`,
        description: `${row.description} Batch ${i}, grown and cured in small lots.`,
        featured: 0,
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      });
    }
    for (let i = 0; i < copies.length; i += 200) {
      await db.kysely
        .insertInto('products')
        .values(copies.slice(i, i + 200))
        .execute();
    }
  } finally {
    await db.close();
  }
}

/** GET with the raw (still compressed) body. */
export function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** The dealer the benchmarks sign in as; the server gets it through `DEALER_ENV`. */
const DEALER = { username: 'bench-dealer', password: 'bench-dealer-password' };
export const DEALER_ENV = { DEALER_USERNAME: DEALER.username, DEALER_PASSWORD: DEALER.password };

/** Signs in as the bench dealer (the server started with `DEALER_ENV`); answers the session cookie. */
export async function dealerCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEALER),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('canopy_dealer='));
  if (!cookie) throw new Error(`dealer login failed: ${res.status}`);
  return cookie.split(';')[0];
}

/** A product whose stock a PATCH sets (a product with flavors has the sum of theirs). */
export function patchableProduct(products: Product[]): Product {
  const product = products.find((p) => p.flavors.length === 0);
  if (!product) throw new Error('no product without flavors to PATCH');
  return product;
}

/**
 * The dealer's `PATCH /api/products/{id}` as a function of n: sets the stock to 100000 + n
 * (fan-out recognises update n by it); `payloads` collects the product-updated messages
 * the hub will send.
 */
export function patcher(url: string, cookie: string, productId: number, payloads?: string[]) {
  return async (n: number) => {
    const res = await fetch(`${url}/api/products/${productId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ stock: 100000 + n }),
    });
    const product = (await res.json()) as Product;
    if (res.status !== 200) throw new Error(`PATCH failed: ${res.status}`);
    payloads?.push(JSON.stringify({ type: 'product-updated', data: product }));
  };
}

export interface Nginx {
  port: number;
  url: string;
  root: string;
  workers: number;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground (daemon off) on a port of its own, one worker like
 * the one Node process it is compared with, serving `root`. `.gz` siblings are
 * served by gzip_static; /api/products maps to products.json.
 */
export async function startNginx(root: string, workers = 1): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'canopy-nginx-'));
  mkdirSync(path.join(dir, 'tmp'));
  const port = await freePort();
  const conf = `
daemon off;
user root;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  gzip_static on;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
    location = /api/products {
      default_type application/json;
      add_header Cache-Control no-cache;
      try_files /products.json =404;
    }
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  if (!existsSync(NGINX)) {
    throw new Error(
      `${NGINX} not found: the reference needs Debian's nginx (apt-get install nginx-light)`,
    );
  }
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await getRaw(`${url}/`);
      break;
    } catch {
      if (child.exitCode !== null || i > 200) throw new Error(`nginx did not start: ${stderr}`);
      await sleep(25);
    }
  }
  return {
    port,
    url,
    root,
    workers,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerSecond: number;
}

/** autocannon for `seconds`, optionally at a fixed overall rate. */
export async function load(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    rate?: number;
    headers?: Record<string, string>;
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? SECONDS,
    headers: options.headers,
    ...(options.rate ? { overallRate: Math.max(1, Math.round(options.rate)) } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerSecond: result.throughput.average,
  };
}

/** RSS of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Ticks per second of /proc's CPU times (USER_HZ: 100 on Linux's common builds). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds a process has used (user + system, from /proc/<pid>/stat): unlike a rate, it
 * barely moves when other work on a shared machine takes the cores for a while.
 */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds (user + system) of the PostgreSQL processes running now, 0 without any. A backend
 * that exits between two readings takes its seconds with it: read across a run whose pool
 * keeps its connections.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const seconds = cpuSeconds(Number(entry));
    if (Number.isFinite(seconds)) total += seconds;
  }
  return total;
}

/** CPU seconds this machine's cores have been busy since boot (idle, iowait and steal left out). */
export function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq] = ticks.map(Number);
  return (user + nice + system + irq + softirq) / CLOCK_TICKS;
}
