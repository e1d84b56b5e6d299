import { spawn } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import type { Product } from '../src/shared/schemas/products';
import {
  type FreshDatabase,
  freePort,
  ROOT,
  type ServerProcess,
  sleep,
  spawnServer,
} from '../test/server-process';
import {
  BACKEND,
  benchDatabase,
  DEALER_ENV,
  dealerCookie,
  type Figure,
  fillCatalog,
  fmt,
  log,
  patchableProduct,
  patcher,
  percentile,
  rssMb,
} from './lib/common';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 100);
const WARMUP = 3;
/** sockets opened at once */
const BATCH = Number(process.env.BENCH_CONNECT_BATCH ?? 50);

interface Client {
  socket: WebSocket;
  /** update number -> receipt time */
  received: Map<number, number>;
}

/** Opens `count` sockets in batches; each records when it receives update n (a stock of 100000 + n). */
async function connectClients(url: string, count: number, onInit?: () => void): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, () => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const received = new Map<number, number>();
      const ready = new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('close', (code, reason) =>
          reject(new Error(`socket closed before init: ${code} ${String(reason)}`)),
        );
        // listen before open: init can arrive in the same packet as the upgrade
        socket.on('message', (raw) => {
          const now = performance.now();
          const text = String(raw);
          if (text.startsWith('{"type":"init"')) {
            onInit?.();
            resolve();
            return;
          }
          const match = /"stock":1(\d{5})[,}]/.exec(text);
          if (match && text.startsWith('{"type":"product-updated"'))
            received.set(Number(match[1]), now);
        });
      });
      clients.push({ socket, received });
      return ready;
    });
    await Promise.all(batch);
  }
  return clients;
}

interface Delivery {
  /** from the publishing request's start to each receipt */
  fromSend: number[];
  /** from the publishing request's answer to each receipt (0 when the message came first) */
  fromAnswer: number[];
  lost: number;
}

/**
 * Sends `UPDATES` updates one after the other with `publish(n)`, which resolves
 * when the publishing call answered; waits for every client before the next.
 */
async function measure(
  clients: Client[],
  publish: (n: number) => Promise<void>,
  first = 0,
): Promise<Delivery> {
  const fromSend: number[] = [];
  const fromAnswer: number[] = [];
  let lost = 0;
  // The first WARMUP updates are sent and awaited but not counted (JIT, first writes).
  for (let n = first; n < first + WARMUP + UPDATES; n++) {
    const counted = n >= first + WARMUP;
    const sent = performance.now();
    await publish(n);
    const answered = performance.now();
    const deadline = answered + 2000;
    while (clients.some((c) => !c.received.has(n)) && performance.now() < deadline) await sleep(1);
    if (!counted) continue;
    for (const c of clients) {
      const at = c.received.get(n);
      if (at === undefined) {
        lost += 1;
        continue;
      }
      fromSend.push(at - sent);
      fromAnswer.push(Math.max(0, at - answered));
    }
  }
  return { fromSend, fromAnswer, lost };
}

async function bareReference(payloads: string[]): Promise<Delivery> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/lib/bare-ws-server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => child.stdout?.once('data', resolve));
  try {
    const clients = await connectClients(`ws://127.0.0.1:${port}/ws`, CLIENTS);
    const delivery = await measure(clients, async (n) => {
      const res = await fetch(`http://127.0.0.1:${port}/publish`, {
        method: 'POST',
        body: payloads[n],
      });
      await res.arrayBuffer();
    });
    for (const c of clients) c.socket.terminate();
    return delivery;
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Benchmark 3 (and 5's RSS): 1,000 sockets on a server holding 2,000 products;
 * the dealer PATCHes a product 100 times; delivery latency from the REST answer
 * to each socket's receipt, against a bare ws server sending the same bytes.
 */
export async function fanoutBench(): Promise<{ figures: Figure[]; rss: number; rssIdle: number }> {
  const fresh: FreshDatabase = await benchDatabase();
  const env = {
    ...fresh.env,
    SEED_DEMO: 'false',
    // a thousand sockets from one address: the per-address cap is off for the benchmark
    WS_SOCKETS_PER_ADDRESS: 'off',
    ...DEALER_ENV,
  };
  const figures: Figure[] = [];
  let rss = Number.NaN;
  let rssIdle = Number.NaN;
  try {
    log('fan-out: generating 2,000 products');
    await fillCatalog(fresh, 2000);
    const server: ServerProcess = await spawnServer({ env, bundle: true });
    try {
      rssIdle = rssMb(server.child.pid!);
      const cookie = await dealerCookie(server.url);
      const products = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
      const target = patchableProduct(products);
      log(`fan-out: connecting ${CLIENTS} sockets (each gets init with 2,000 products)`);
      const connectStart = performance.now();
      const clients = await connectClients(`ws://127.0.0.1:${server.port}/ws`, CLIENTS);
      const connectSeconds = (performance.now() - connectStart) / 1000;
      await sleep(500);
      rss = rssMb(server.child.pid!);
      log(`fan-out: ${UPDATES} PATCH updates`);
      const payloads: string[] = [];
      const canopy = await measure(clients, patcher(server.url, cookie, target.id, payloads));
      rss = Math.max(rss, rssMb(server.child.pid!));
      for (const c of clients) c.socket.terminate();
      log('fan-out: bare ws reference');
      const bare = await bareReference(payloads);
      const p50 = percentile(canopy.fromSend, 50);
      const p99 = percentile(canopy.fromSend, 99);
      const bareP50 = percentile(bare.fromSend, 50);
      const bareP99 = percentile(bare.fromSend, 99);
      // 1.0 = as fast as the bare server
      const ratio = bareP99 / p99;
      figures.push(
        {
          benchmark: '3 fan-out',
          backend: BACKEND,
          figure: `delivery p50 / p99 from the PATCH sent, ${CLIENTS} sockets x ${UPDATES} updates`,
          value: `${fmt(p50)} / ${fmt(p99)} ms`,
          target: 'p99 <= 50 ms',
          pass: p99 <= 50,
          note: `from the PATCH answer: p50 ${fmt(percentile(canopy.fromAnswer, 50))} / p99 ${fmt(percentile(canopy.fromAnswer, 99))} ms (the hub sends before the answer); ${payloads[0]?.length ?? 0} B per message`,
        },
        {
          benchmark: '3 fan-out',
          backend: BACKEND,
          figure: 'lost updates',
          value: `${canopy.lost} of ${CLIENTS * UPDATES}`,
          target: '0',
          pass: canopy.lost === 0,
        },
        {
          benchmark: '3 fan-out',
          backend: BACKEND,
          figure: 'bare ws p50 / p99 (same bytes); ratio bare p99 / Canopy p99',
          value: `${fmt(bareP50)} / ${fmt(bareP99)} ms; ${fmt(ratio, 2)}`,
          target: '>= 0.8',
          pass: ratio >= 0.8,
          note: `bare lost ${bare.lost}; ${CLIENTS} Canopy sockets connected in ${fmt(connectSeconds)} s (each init carries 2,000 products)`,
        },
      );
    } finally {
      await server.kill('SIGTERM');
    }

    if (BACKEND === 'postgres') {
      log('fan-out: two instances over LISTEN/NOTIFY');
      const a = await spawnServer({ env, bundle: true });
      const b = await spawnServer({ env, bundle: true });
      try {
        const cookie = await dealerCookie(a.url);
        const products = (await (await fetch(`${a.url}/api/products`)).json()) as Product[];
        const target = patchableProduct(products);
        const half = Math.floor(CLIENTS / 2);
        const onA = await connectClients(`ws://127.0.0.1:${a.port}/ws`, half);
        const onB = await connectClients(`ws://127.0.0.1:${b.port}/ws`, CLIENTS - half);
        const across = await measure([...onA, ...onB], patcher(a.url, cookie, target.id), UPDATES);
        const p99 = percentile(across.fromSend, 99);
        figures.push({
          benchmark: '3 fan-out',
          backend: 'postgres x2',
          figure: `two instances, ${half} + ${CLIENTS - half} sockets, p50 / p99`,
          value: `${fmt(percentile(across.fromSend, 50))} / ${fmt(p99)} ms from the PATCH sent, lost ${across.lost}`,
          target: 'p99 <= 100 ms, 0 lost',
          pass: p99 <= 100 && across.lost === 0,
        });
        for (const c of [...onA, ...onB]) c.socket.terminate();
      } finally {
        await a.kill('SIGTERM');
        await b.kill('SIGTERM');
      }
    }
  } finally {
    await fresh.dispose();
  }
  return { figures, rss, rssIdle };
}
