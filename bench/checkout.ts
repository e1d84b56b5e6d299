import type { Db } from '../src/server/db/connect';
import { placeOrder } from '../src/server/modules/orders/checkout';
import {
  createCheckoutTermsSnapshot,
  readCheckoutTerms,
} from '../src/server/modules/orders/checkout-terms-snapshot';
import { saveDealerSettings } from '../src/server/modules/settings/admin-service';
import { createDeliveryZone } from '../src/server/modules/zones/service';
import { taxContextFor } from '../src/shared/compliance/checkout-terms';
import { deliveryTermsOf } from '../src/shared/compliance/zones';
import { orderPlacementSchema } from '../src/shared/schemas/orders';
import { CAPITALISED_WEEKDAYS, dealerSettingsPatchSchema } from '../src/shared/schemas/settings';
import { deliveryZoneSchema } from '../src/shared/schemas/zones';
import { shopClock } from '../src/shared/shop-clock';
import {
  auditOrders,
  type BuyerStats,
  isSimple,
  type LicensedOrders,
  prepareDatabase,
  randomOrder,
  readStorefront,
  runBuyers,
  type Storefront,
  spawnServer,
  stockSnapshot,
} from '../test/server-process';
import {
  BACKEND,
  benchDatabase,
  cpuSeconds,
  type Figure,
  fmt,
  log,
  machineBusySeconds,
  percentile,
  postgresCpuSeconds,
} from './lib/common';

/** `BENCH_CHECKOUT_DIRECT=off` leaves out the direct loops: alternating builds takes half the time. */
const DIRECT = process.env.BENCH_CHECKOUT_DIRECT !== 'off';

/** Units of stock given to each product: enough for a few seconds of buying on this machine. */
const STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 400);

/**
 * Orders placed on a freshly started server before the clock starts. V8 compiles the
 * request path in tiers as it runs: from a cold start an order cost the server 1.1-1.5 ms of
 * CPU for about two seconds against 0.4 ms afterwards, and that start alone made SQLite's p99
 * (issue 42 §2). The warm-up is timed on its own and printed as the cold start. 0: none.
 */
const WARMUP_ORDERS = Number(process.env.BENCH_CHECKOUT_WARMUP ?? 3000);

/** An order of the mix takes about 1/18 of a unit of each product: a margin over that. */
const WARMUP_UNITS = Math.ceil(WARMUP_ORDERS / 12);

async function stockUp(db: Db, units = STOCK): Promise<void> {
  await db.kysely.updateTable('products').set({ stock: units }).execute();
}

const BENCH_ZONE = deliveryZoneSchema.parse({
  name: 'Bench',
  postalCodes: ['94110', '94103', '94107'],
  fee: 5,
  minimum: 0,
  freeDeliveryOver: 150,
});

/**
 * The licensed shop's time zone: one where it is early afternoon now, so that same-day
 * delivery is within California's legal hours whenever the bench runs (a fixed zone would
 * refuse every order at night). `Etc/GMT+N` is N hours behind UTC.
 */
const hoursBehindUtc = new Date().getUTCHours() - 12;
const SHOP_ZONE = `Etc/GMT${hoursBehindUtc > 0 ? '+' : '-'}${Math.abs(hoursBehindUtc)}`;

/**
 * The shop on California's rule set (limits, excise, 9.5% sales tax) with a
 * delivery zone, delivering every day (the demo's week has no Sunday, and a shop closed
 * today refuses every same-day order); answers what the buyers need to price their
 * orders as the server will.
 */
async function licenseShop(db: Db): Promise<LicensedOrders> {
  const settings = (
    await saveDealerSettings(
      db,
      dealerSettingsPatchSchema.parse({
        jurisdiction: 'US-CA',
        salesTaxRate: 9.5,
        availableDays: [...CAPITALISED_WEEKDAYS],
      }),
    )
  ).value;
  const zone = (await createDeliveryZone(db, BENCH_ZONE)).value;
  const today = shopClock(new Date(), SHOP_ZONE).date;
  return {
    postalCode: '94110',
    pricing: { delivery: deliveryTermsOf(zone), tax: taxContextFor(settings, zone, today) },
  };
}

/** The same orders placed with placeOrder() in a tight loop, no HTTP: the reference. */
async function directRun(
  store: Storefront,
  licensed: boolean,
): Promise<{ orders: number; seconds: number }> {
  const fresh = await benchDatabase();
  await prepareDatabase(fresh);
  const db = fresh.open();
  try {
    await stockUp(db);
    const rules = licensed ? await licenseShop(db) : undefined;
    // the server's snapshot of the settings and zones (nothing changes them during the loop)
    const terms = createCheckoutTermsSnapshot(() => readCheckoutTerms(db));
    const soldOut = new Set<number>();
    let orders = 0;
    let refusals = 0;
    const started = performance.now();
    while (refusals < 50) {
      const pool = store.products.filter((p) => isSimple(p) && !soldOut.has(p.id));
      const body = randomOrder(store, Math.random, pool, rules);
      if (!body) break;
      try {
        // a shopper per order, as over HTTP: the daily limits count per shopper too
        await placeOrder(db, orderPlacementSchema.parse(body), {
          shopperId: `bench-${orders}`,
          timeZone: SHOP_ZONE,
          terms,
        });
        orders += 1;
        refusals = 0;
      } catch (error) {
        refusals += 1;
        const items = (error as { body?: { outOfStockItems?: { name: string }[] } }).body
          ?.outOfStockItems;
        for (const item of items ?? []) {
          const product = store.products.find((p) => p.name === item.name);
          if (product) soldOut.add(product.id);
        }
      }
    }
    return { orders, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
    await fresh.dispose();
  }
}

interface ColdStart {
  orders: number;
  seconds: number;
  latenciesMs: number[];
  acknowledged: BuyerStats['acknowledged'];
}

/** The 200 buyers place WARMUP_ORDERS orders on the just-started server, timed as its cold start. */
async function warmUp(
  url: string,
  store: Storefront,
  licensed: LicensedOrders | undefined,
): Promise<ColdStart> {
  let placed = 0;
  const started = performance.now();
  const run = await runBuyers(url, store, {
    buyers: 200,
    stop: () => placed >= WARMUP_ORDERS,
    onAcknowledged: () => {
      placed += 1;
    },
    licensed,
  });
  return {
    orders: run.acknowledged.length,
    seconds: (performance.now() - started) / 1000,
    latenciesMs: run.latenciesMs,
    acknowledged: run.acknowledged,
  };
}

interface CheckoutRun {
  coldStart: ColdStart;
  rate: number;
  directRate: number;
  orders: number;
  seconds: number;
  latenciesMs: number[];
  statuses: string;
  oversold: number;
  unbalanced: number;
  lost: number;
  direct: { orders: number; seconds: number };
  /** the server's CPU time (user + system) per acknowledged order while the buyers ran */
  serverCpuMs: number;
  /** PostgreSQL's processes' CPU time per acknowledged order meanwhile (0 on SQLite) */
  postgresCpuMs: number;
  /** the whole machine's busy CPU time per acknowledged order meanwhile, the buyers' own included */
  machineCpuMs: number;
}

/** 200 buyers over HTTP until stock runs out, then the direct loop; `licensed`: the California rules on. */
async function runCheckout(licensed: boolean): Promise<CheckoutRun> {
  const fresh = await benchDatabase();
  try {
    await prepareDatabase(fresh);
    const db = fresh.open();
    await stockUp(db, STOCK + WARMUP_UNITS);
    const rules = licensed ? await licenseShop(db) : undefined;
    const initial = await stockSnapshot(db);
    const server = await spawnServer({
      // 200 buyers from one address: the order-placement limit (ORDER_RATE_LIMIT) is off here.
      env: { ...fresh.env, SEED_DEMO: 'false', ORDER_RATE_LIMIT: 'off', SHOP_TIMEZONE: SHOP_ZONE },
      bundle: true,
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
      extraNodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
    });
    let store: Storefront;
    let warm: ColdStart;
    let http: Awaited<ReturnType<typeof runBuyers>>;
    let seconds: number;
    let serverCpu: number;
    let postgresCpu: number;
    let machineCpu: number;
    const label = licensed ? 'checkout (US-CA + zones)' : 'checkout';
    try {
      store = await readStorefront(server.url);
      log(
        `${label}: ORDER_RATE_LIMIT=off (the default 10 per shopper, 60 per address would refuse them)`,
      );
      warm = await warmUp(server.url, store, rules);
      log(`${label}: 200 buyers until ${store.products.filter(isSimple).length} products sell out`);
      const started = performance.now();
      const cpuBefore = cpuSeconds(server.child.pid ?? 0);
      const postgresBefore = postgresCpuSeconds();
      const machineBefore = machineBusySeconds();
      http = await runBuyers(server.url, store, {
        buyers: 200,
        stop: () => false,
        licensed: rules,
      });
      seconds = (performance.now() - started) / 1000;
      serverCpu = cpuSeconds(server.child.pid ?? 0) - cpuBefore;
      postgresCpu = postgresCpuSeconds() - postgresBefore;
      machineCpu = machineBusySeconds() - machineBefore;
    } finally {
      await server.kill('SIGTERM');
    }
    const audit = await auditOrders(db, initial, [...warm.acknowledged, ...http.acknowledged]);
    const taken = new Map<number, number>();
    for (const row of await db.kysely
      .selectFrom('order_items')
      .select(['product_id', 'stock_taken'])
      .execute())
      taken.set(row.product_id, (taken.get(row.product_id) ?? 0) + Number(row.stock_taken));
    let oversold = 0;
    for (const [id, start] of initial) oversold += Math.max(0, (taken.get(id) ?? 0) - start);
    await db.close();

    if (DIRECT) log(`${label}: direct placeOrder() loop`);
    const direct = DIRECT ? await directRun(store, licensed) : { orders: 0, seconds: Number.NaN };
    return {
      coldStart: warm,
      rate: http.acknowledged.length / seconds,
      directRate: direct.orders / direct.seconds,
      orders: http.acknowledged.length,
      seconds,
      latenciesMs: http.latenciesMs,
      statuses: [...http.statuses].map(([s, n]) => `${s}: ${n}`).join(', '),
      oversold,
      unbalanced: audit.unbalanced.length,
      lost: audit.lost.length,
      direct,
      serverCpuMs: (serverCpu * 1000) / http.acknowledged.length,
      postgresCpuMs: (postgresCpu * 1000) / http.acknowledged.length,
      machineCpuMs: (machineCpu * 1000) / http.acknowledged.length,
    };
  } finally {
    await fresh.dispose();
  }
}

/**
 * Benchmark 2: 200 concurrent buyers place real orders over HTTP until stock
 * runs out; then the same transaction in a tight loop against the database. Run twice: the
 * spec's shop, and a licensed one (California's limits and taxes, deliveries into a zone).
 */
export async function checkoutBench(): Promise<Figure[]> {
  const plain = await runCheckout(false);
  const licensed = await runCheckout(true);
  // the targets for this 2-core machine (an earlier goal was 4,000 and 100 ms on SQLite)
  const target = BACKEND === 'sqlite' ? 2000 : 1000;
  const p99Target = BACKEND === 'sqlite' ? 200 : 250;
  const p99 = percentile(plain.latenciesMs, 99);
  const coldStart = ({ coldStart: c }: CheckoutRun) =>
    `${fmt(c.orders / c.seconds, 0)} orders/s, ${fmt(percentile(c.latenciesMs, 99), 0)} ms (${fmt(percentile(c.latenciesMs, 50), 0)} ms)`;
  const sound = (run: CheckoutRun) => run.oversold === 0 && run.unbalanced === 0 && run.lost === 0;
  const soundness = (run: CheckoutRun) =>
    `${run.oversold}; ${run.unbalanced === 0 ? 'yes' : `no (${run.unbalanced})`}; ${run.lost}`;
  return [
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'orders/s over HTTP, 200 buyers',
      value: `${fmt(plain.rate, 0)} orders/s (${plain.orders} orders in ${fmt(plain.seconds, 2)} s)`,
      target: `>= ${fmt(target, 0)}`,
      pass: plain.rate >= target,
      note: `after ${plain.coldStart.orders} warm-up orders (see the cold start); answers ${plain.statuses}`,
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'cold start: the warm-up orders on the just-started server, orders/s and p99 (p50)',
      value: WARMUP_ORDERS > 0 ? coldStart(plain) : 'none (BENCH_CHECKOUT_WARMUP=0)',
      target: 'info',
      pass: null,
      note: `US-CA + zones: ${WARMUP_ORDERS > 0 ? coldStart(licensed) : 'none'}; V8 still compiling the request path`,
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'ratio to placeOrder() in a tight loop',
      value: `${fmt(plain.rate, 0)} / ${fmt(plain.directRate, 0)} = ${fmt(plain.rate / plain.directRate, 2)}`,
      target: 'info',
      pass: null,
      note: `direct: ${plain.direct.orders} orders in ${fmt(plain.direct.seconds, 2)} s`,
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'latency p99 (p50), after the warm-up',
      value: `${fmt(p99, 0)} ms (${fmt(percentile(plain.latenciesMs, 50), 0)} ms)`,
      target: `<= ${p99Target} ms`,
      pass: p99 <= p99Target,
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'oversold units; stock conserved; acknowledged orders lost',
      value: soundness(plain),
      target: '0; yes; 0',
      pass: sound(plain),
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'US-CA + zones: orders/s over HTTP, ratio to the plain shop',
      value: `${fmt(licensed.rate, 0)} / ${fmt(plain.rate, 0)} = ${fmt(licensed.rate / plain.rate, 2)}`,
      target: '>= 0.90',
      pass: licensed.rate / plain.rate >= 0.9,
      note: `${licensed.orders} taxed deliveries in ${fmt(licensed.seconds, 2)} s, p99 ${fmt(percentile(licensed.latenciesMs, 99), 0)} ms; direct loop ${fmt(licensed.directRate, 0)} vs ${fmt(plain.directRate, 0)} orders/s; answers ${licensed.statuses}`,
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'server CPU per order (user + system), US-CA + zones / plain',
      value: `${fmt(licensed.serverCpuMs, 3)} / ${fmt(plain.serverCpuMs, 3)} ms = ${fmt(licensed.serverCpuMs / plain.serverCpuMs, 2)}`,
      target: 'info',
      pass: null,
      note: 'from /proc while the buyers ran, refused orders included: what a busy neighbour moves least',
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'CPU per order, US-CA + zones / plain: PostgreSQL; the whole machine',
      value: `${BACKEND === 'postgres' ? `${fmt(licensed.postgresCpuMs, 3)} / ${fmt(plain.postgresCpuMs, 3)} ms` : 'n/a'}; ${fmt(licensed.machineCpuMs, 3)} / ${fmt(plain.machineCpuMs, 3)} ms`,
      target: 'info',
      pass: null,
      note: 'the machine: the server, the database, the 200 buyers and any neighbour; 2 cores',
    },
    {
      benchmark: '2 checkout',
      backend: BACKEND,
      figure: 'US-CA + zones: oversold; stock conserved; lost',
      value: soundness(licensed),
      target: '0; yes; 0',
      pass: sound(licensed),
    },
  ];
}
