import { expect, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import type { ReportingDay, ReportingOverview } from '../src/shared/metrc';
import { expectNoSeriousA11yViolations } from './axe';
import { fillId, signedIn, signOnPad } from './door';
import { placeOrder, productNamed } from './place-order';
import { toastSays } from './toast';

/**
 * State track-and-trace: the owner receives a Metrc package against a
 * product, a shopper orders it, the driver hands it over, and the State reporting page shows
 * the sale reported with Metrc's id. This shop reports to a fake Metrc (e2e/metrc-shop.ts).
 */

/** The two sizes run at once on one shop: each sells a preroll the other does not. */
const PREROLL: Record<string, string> = {
  'reporting-phone': 'Classic Joint',
  'reporting-desktop': 'Sativa Sunrise Joint',
};

test('a package received, sold and handed over is reported to Metrc', async ({
  browser,
  page,
}, testInfo) => {
  test.slow();
  const viewport = page.viewportSize()!;
  const stamp = `${testInfo.project.name.slice(-5)}${Date.now()}`;
  const digits = `${testInfo.project.name === 'reporting-phone' ? 1 : 2}${Date.now()}`.slice(-8);
  const tag = `1A4FF0100000022${digits.padStart(9, '0')}`;
  const productName = PREROLL[testInfo.project.name]!;
  const owner = await signedIn(browser, E2E_DEALER, viewport);

  // the owner receives the package in Inventory
  await owner.page.goto('/dealer');
  const inventory = owner.page.getByRole('region', { name: 'Inventory Management' });
  await inventory.getByRole('button', { name: 'Receive stock' }).scrollIntoViewIfNeeded();
  await owner.page.screenshot({ path: testInfo.outputPath('inventory.png') });
  await inventory.getByRole('button', { name: 'Receive stock' }).click();
  const receive = owner.page.getByRole('dialog', { name: 'Receive stock' });
  await receive.getByLabel('Product').selectOption({ label: productName });
  await receive.getByLabel('Package tag').fill('too-short');
  await receive.getByLabel('Metrc item name').fill(`${productName} 1g preroll`);
  await receive.getByLabel('Quantity (units)').fill('10');
  await receive.getByRole('button', { name: 'Receive package' }).click();
  await expect(receive).toContainText('must be the 24 letters and digits on the tag');
  await receive.getByLabel('Package tag').fill(tag.toLowerCase());
  await receive.screenshot({ path: testInfo.outputPath('receive-stock.png') });
  await receive.getByRole('button', { name: 'Receive package' }).click();
  await expect(owner.page.getByTestId('toast')).toHaveText(
    toastSays(`10 units of ${productName} added to stock.`),
  );

  // a shopper orders some; the owner accepts it and gives it to a driver
  const product = await productNamed(page.request, productName);
  const customer = `Jamie ${stamp} Rivera`;
  // seven: a delivery's minimum is $50
  const order = await placeOrder(page.request, product, customer, '1', 7, 'delivery');
  const added = await owner.context.request.post('/api/staff', {
    data: {
      username: `alex.${stamp}`,
      password: 'a-driver-password',
      role: 'driver',
      firstName: 'Alex',
      employeeNumber: `D-${stamp.slice(-6)}`,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  for (const [path, data] of [
    [`/api/orders/${order.id}/status`, { status: 'accepted' }],
    [`/api/orders/${order.id}/driver`, { driverId: (await added.json()).id }],
  ] as const) {
    const answer = await owner.context.request.patch(path, { data });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  // the driver hands it over at the door
  const driver = await signedIn(
    browser,
    { username: `alex.${stamp}`, password: 'a-driver-password' },
    viewport,
  );
  await driver.page.goto('/driver');
  const stop = driver.page
    .getByTestId('delivery-stop')
    .filter({ has: driver.page.getByRole('heading', { name: customer }) });
  await stop.getByRole('button', { name: 'Start delivery' }).click();
  await expect(stop).toContainText('Out for delivery');
  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const door = driver.page.getByRole('dialog', { name: `Check the ID for order #${order.id}` });
  await fillId(door, 30);
  await door.getByRole('button', { name: 'Check ID' }).click();
  await expect(door.getByRole('status')).toContainText('PASS');
  await signOnPad(driver.page, door.getByTestId('signature-pad'));
  await door.getByRole('button', { name: 'Hand over' }).click();
  await expect(driver.page.getByTestId('toast')).toHaveText(
    toastSays(`Order #${order.id} delivered.`),
  );

  // the shop's drainer sends it within seconds: wait for the report, not for a time
  const reported = async () => {
    const overview = (await (
      await owner.context.request.get('/api/state-reporting')
    ).json()) as ReportingOverview;
    for (const day of overview.days) {
      const entries = (await (
        await owner.context.request.get(`/api/state-reporting/days/${day.date}`)
      ).json()) as ReportingDay;
      const entry = entries.entries.find((e) => e.orderId === order.id);
      if (entry) return entry.status;
    }
    return null;
  };
  await expect.poll(reported, { timeout: 30_000 }).toBe('sent');

  // the owner's State reporting page shows it reported, with Metrc's id
  await owner.page.goto('/state-reporting');
  await expect(
    owner.page.getByRole('heading', { level: 1, name: 'State reporting' }),
  ).toBeVisible();
  await expect(owner.page).toHaveTitle('State reporting | Canopy');
  const entry = owner.page
    .getByRole('listitem')
    .filter({ hasText: `Order #${order.id} · ${customer}` });
  await expect(entry).toContainText('Reported');
  await expect(entry).toContainText(/Metrc id \d+/);
  await expect(entry).toContainText(`7 units from …${tag.slice(-6)}`);

  await owner.page.getByRole('button', { name: 'Test connection' }).click();
  await expect(owner.page.getByText('Connected to Metrc: licence C10-0000001-LIC')).toBeVisible();
  await owner.page.getByRole('button', { name: 'Reconcile with Metrc' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Metrc lists' })).toBeVisible();
  await owner.page.screenshot({
    path: testInfo.outputPath('state-reporting.png'),
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(owner.page);
  for (const context of [owner.context, driver.context]) await context.close();
});
