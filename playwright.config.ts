import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second shop that its own journeys switch to a licensed rule set (issue 16). */
const LICENSED_PORT = PORT + 1;
const LICENSED_SPEC = /licensed-(shop|door)\.spec\.ts/;
/**
 * Two more shops, one per size, that start under the spec's rule set `none`: their journey
 * switches them to California itself (issue 37).
 */
const RECORDS_PORTS = { phone: PORT + 2, desktop: PORT + 3 };
const RECORDS_SPEC = /licensed-records\.spec\.ts/;
/**
 * A shop with every abuse limit at its default, for the ordinary shopper (issue 38), on the
 * other side of the date line from the main shop (UTC+14 against UTC): the shop-day journeys
 * run on both, so a rule that reads the machine's or the phone's day fails on one of them.
 */
const ORDINARY_PORT = PORT + 4;
const ORDINARY_ZONE = 'Pacific/Kiritimati';
const ORDINARY_SPEC = /ordinary-shopper\.spec\.ts/;
const DATE_LINE_SPEC = /date-line\.spec\.ts/;
/** A shop that reports its sales to a fake Metrc started in its own process (issue 43). */
const REPORTING_PORT = PORT + 5;
const REPORTING_SPEC = /state-reporting\.spec\.ts/;
/** A shop nobody writes to, for the journey that watches a page hold still. */
const QUIET_PORT = PORT + 6;
const QUIET_SPEC = /layout-shift\.spec\.ts/;
const OWN_SHOP_SPECS = [LICENSED_SPEC, RECORDS_SPEC, ORDINARY_SPEC, REPORTING_SPEC, QUIET_SPEC];
export const E2E_DEALER = { username: 'dealer', password: 'e2e-Dealer-pass-1' };

const PHONE = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  browserName: 'chromium' as const,
};
const DESKTOP = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  browserName: 'chromium' as const,
};

/** A shop's journeys at phone and desktop size (`name-phone`, `name-desktop`), on one port or one per size. */
function atBothSizes(
  name: string,
  testMatch: RegExp | RegExp[],
  port: number | { phone: number; desktop: number },
) {
  const ports = typeof port === 'number' ? { phone: port, desktop: port } : port;
  return (['phone', 'desktop'] as const).map((size) => ({
    name: `${name}-${size}`,
    testMatch,
    use: {
      ...(size === 'phone' ? PHONE : DESKTOP),
      baseURL: `http://127.0.0.1:${ports[size]}`,
    },
  }));
}

/**
 * A shop zone whose clock reads early afternoon now (a whole-hour Etc/GMT zone): the licensed
 * shop's journeys hand orders over and take same-day deliveries, which California allows only
 * from 6 AM to 10 PM, whatever time CI runs.
 */
export function afternoonZone(now = new Date()): string {
  let offset = 14 - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT names count the other way: Etc/GMT-3 is three hours ahead of UTC
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The real server on a fresh SQLite database with the demo catalog. */
function shopServer(
  port: number,
  timeZone?: string,
  { defaultLimits = false, reportsToMetrc = false } = {},
) {
  const start = reportsToMetrc ? 'node --import tsx e2e/metrc-shop.ts' : 'node scripts/start.mjs';
  return {
    command: `rm -rf .data-e2e-${port} && ${start}`,
    url: `http://127.0.0.1:${port}/api/products`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.data-e2e-${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Journeys place a few dozen orders from one address: a limit on, well above them.
      ...(defaultLimits ? {} : { ORDER_RATE_LIMIT: '100,500' }),
      DEALER_USERNAME: E2E_DEALER.username,
      DEALER_PASSWORD: E2E_DEALER.password,
      ...(timeZone ? { SHOP_TIMEZONE: timeZone } : {}),
    },
  };
}

/**
 * Journeys run in Debian's Chromium against the real server on a fresh SQLite
 * database with the demo catalog, at phone and desktop sizes.
 */
export default defineConfig({
  testDir: 'e2e',
  // generous bounds, not waits: on a loaded 2-core machine a lazy back-office chunk can take
  // more than 7 s to arrive; a passing assertion still returns as soon as it holds
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // no retries: a journey that passes only on a second try is a bug to fix
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // browsers keep one zone whatever the machine's (the main shop's zone below matches it)
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run'],
    },
  },
  projects: [
    { name: 'phone', testIgnore: OWN_SHOP_SPECS, use: PHONE },
    { name: 'desktop', testIgnore: OWN_SHOP_SPECS, use: DESKTOP },
    {
      name: 'licensed-phone',
      testMatch: LICENSED_SPEC,
      use: { ...PHONE, baseURL: `http://127.0.0.1:${LICENSED_PORT}` },
    },
    {
      name: 'licensed-desktop',
      testMatch: LICENSED_SPEC,
      // one shop server: a journey that changes how it shows prices must not meet the other size
      dependencies: ['licensed-phone'],
      use: { ...DESKTOP, baseURL: `http://127.0.0.1:${LICENSED_PORT}` },
    },
    ...atBothSizes('records', RECORDS_SPEC, RECORDS_PORTS),
    ...atBothSizes('ordinary', [ORDINARY_SPEC, DATE_LINE_SPEC], ORDINARY_PORT),
    ...atBothSizes('reporting', REPORTING_SPEC, REPORTING_PORT),
    ...atBothSizes('quiet', QUIET_SPEC, QUIET_PORT),
  ],
  // started one after the other: the first builds what is stale, the second finds it built
  webServer: [
    // the shop's zone is set, never taken from the machine (Chromium's default zone here is UTC)
    shopServer(PORT, process.env.E2E_SHOP_TIMEZONE ?? 'UTC'),
    shopServer(LICENSED_PORT, afternoonZone()),
    shopServer(RECORDS_PORTS.phone, afternoonZone()),
    shopServer(RECORDS_PORTS.desktop, afternoonZone()),
    shopServer(ORDINARY_PORT, ORDINARY_ZONE, { defaultLimits: true }),
    shopServer(REPORTING_PORT, 'UTC', { reportsToMetrc: true }),
    shopServer(QUIET_PORT, 'UTC'),
  ],
});
