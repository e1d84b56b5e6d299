/**
 * The owner's reports on a year of 100,000 orders (about 2.5 lines each), inserted
 * in bulk straight into the tables, then each report timed as the API computes it (median of
 * five runs after one warm-up). Figures only: the target is 200 ms per report.
 * Run alone: BENCH_ONLY=reports npm run bench (DATABASE_URL=postgres://… for PostgreSQL).
 */
import { sql } from 'kysely';
import type { Db } from '../src/server/db/connect';
import type { NewOrderItemRow, NewOrderRow } from '../src/server/db/schema';
import { salesReport, taxReport } from '../src/server/modules/reports/service';
import { addDays } from '../src/shared/availability';
import { RULE_SETS } from '../src/shared/compliance/rule-sets';
import { orderTaxes } from '../src/shared/compliance/taxes';
import { presetRange } from '../src/shared/reports';
import { shopClock, shopDayStart } from '../src/shared/shop-clock';
import { prepareDatabase } from '../test/server-process';
import { BACKEND, benchDatabase, type Figure, fmt, log } from './lib/common';

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000);
const ZONE = 'America/Los_Angeles';
const TARGET_MS = 200;
const BATCH = 500;

/** A small deterministic generator, so every run seeds the same year. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Inserts a year of ORDERS orders ending today (shop time), straight into the tables. */
export async function seedReportsYear(db: Db, orderCount = ORDERS) {
  const products = await db.kysely
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'cannabis'])
    .execute();
  const today = shopClock(new Date(), ZONE).date;
  const first = addDays(today, -364);
  const next = random(41);
  const codes = ['WELCOME10', 'SWEET5', null, null, null, null];
  const types = ['delivery', 'delivery', 'pickup', 'scheduled'];
  const statuses = ['completed', 'completed', 'completed', 'completed', 'cancelled', 'pending'];
  let nextId = 1_000_000;
  for (let done = 0; done < orderCount; done += BATCH) {
    const orders: NewOrderRow[] = [];
    const items: NewOrderItemRow[] = [];
    for (let i = done; i < Math.min(orderCount, done + BATCH); i++) {
      const id = nextId++;
      const day = addDays(first, Math.floor((i / orderCount) * 365));
      const minute = 6 * 60 + Math.floor(next() * 16 * 60);
      const at = new Date(shopDayStart(day, ZONE).getTime() + minute * 60_000);
      const lines = 1 + Math.floor(next() * 3);
      const parts = { cannabisCents: 0, nonCannabisCents: 0 };
      for (let l = 0; l < lines; l++) {
        const product = products[Math.floor(next() * products.length)]!;
        const count = 1 + Math.floor(next() * 2);
        const price = product.price_cents;
        if (product.cannabis) parts.cannabisCents += price * count;
        else parts.nonCannabisCents += price * count;
        items.push({
          order_id: id,
          product_id: product.id,
          name: product.name,
          unit_price_cents: price,
          quantity: '1',
          count,
          flavor: null,
          strain_type: null,
          stock_taken: count,
          stock_flavor: null,
          cannabis: product.cannabis,
        });
      }
      const type = types[Math.floor(next() * types.length)]!;
      const feeCents = type === 'pickup' ? 0 : 500;
      const rate = type === 'pickup' ? 9.5 : next() < 0.5 ? 8.625 : 10.25;
      const rates = { salesTaxPercent: rate, localTaxPercent: 10 };
      const subtotal = parts.cannabisCents + parts.nonCannabisCents;
      const taxed = orderTaxes(
        RULE_SETS['US-CA'],
        {
          date: day,
          cannabisGoodsCents: parts.cannabisCents,
          nonCannabisGoodsCents: parts.nonCannabisCents,
          feeCents,
        },
        rates,
      );
      const taxCents = taxed.lines.reduce((sum, line) => sum + line.amountCents, 0);
      const code = codes[Math.floor(next() * codes.length)] ?? null;
      const status = statuses[Math.floor(next() * statuses.length)]!;
      orders.push({
        id,
        customer: 'Bench Shopper',
        address: type === 'pickup' ? 'PICKUP' : '12 Elm Street, San Francisco, CA 94110',
        phone: '555-0100',
        status,
        subtotal_cents: subtotal,
        discount_cents: code ? Math.round(subtotal / 10) : 0,
        delivery_fee_cents: feeCents,
        total_cents: subtotal + feeCents + taxCents,
        promo_code: code,
        order_type: type,
        created_at: at.toISOString(),
        taxes: JSON.stringify(
          taxed.lines.map((line) => ({
            name: line.name,
            ratePercent: line.ratePercent,
            amountCents: line.amountCents,
          })),
        ),
        shop_date: day,
        sale_date: day,
        tax_context: JSON.stringify({ goods: parts, feeCents, rates }),
        void_reason: status === 'cancelled' ? 'Customer called to cancel' : null,
      });
    }
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(orders).execute();
      for (let i = 0; i < items.length; i += BATCH)
        await trx
          .insertInto('order_items')
          .values(items.slice(i, i + BATCH))
          .execute();
    });
  }
  if (db.dialect === 'postgres') {
    await sql`analyze`.execute(db.kysely);
  }
  return { today, first };
}

export async function reportsBench(): Promise<Figure[]> {
  const fresh = await benchDatabase();
  try {
    await prepareDatabase(fresh);
    const db = fresh.open();
    try {
      const started = performance.now();
      const { today, first } = await seedReportsYear(db);
      log(
        `reports: seeded ${fmt(ORDERS, 0)} orders in ${fmt((performance.now() - started) / 1000)} s`,
      );

      const month = today.slice(0, 7);
      const quarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
      const year = { from: first, to: today };
      const runs: [string, () => Promise<unknown>][] = [
        ['sales: today (per hour)', () => salesReport(db, presetRange('today', today), true, ZONE)],
        ['sales: this week', () => salesReport(db, presetRange('this-week', today), true, ZONE)],
        ['sales: this month', () => salesReport(db, presetRange('this-month', today), true, ZONE)],
        [
          'sales: last quarter',
          () => salesReport(db, presetRange('last-quarter', today), true, ZONE),
        ],
        ['sales: the whole year', () => salesReport(db, year, false, ZONE)],
        [`taxes: month ${month}`, () => taxReport(db, month, ZONE)],
        [`taxes: quarter ${quarter}`, () => taxReport(db, quarter, ZONE)],
      ];
      const figures: Figure[] = [];
      for (const [name, run] of runs) {
        await run();
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          await run();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const median = times[2]!;
        log(`reports: ${name} ${fmt(median)} ms`);
        figures.push({
          benchmark: 'reports',
          backend: BACKEND,
          figure: `${name}, ${fmt(ORDERS, 0)} orders in a year (median of 5)`,
          value: `${fmt(median)} ms`,
          target: `< ${TARGET_MS} ms`,
          pass: median < TARGET_MS,
        });
      }
      return figures;
    } finally {
      await db.close();
    }
  } finally {
    await fresh.dispose();
  }
}
