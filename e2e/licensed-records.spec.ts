import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { RULE_SETS } from '../src/shared/compliance/rule-sets';
import { deliveryTermsOf } from '../src/shared/compliance/zones';
import { expectNoSeriousA11yViolations } from './axe';
import { fillId, signOnPad } from './door';
import { MISSION, makeShopLicensed } from './licensed';
import { placeOrder, productNamed } from './place-order';
import { logInThroughDialog } from './staff-login';
import { toastSays } from './toast';

/**
 * A sale is a record: the owner switches the shop to California; a
 * pickup is not handed over without the ID checked at the counter, and a failed check stands
 * until the owner allows one more; a delivery is handed over from the dashboard with the ID and
 * the customer's signature; a return after handover leaves the stock as it was and the receipt
 * marked RETURN.
 */

const ordersRegion = (page: Page) => page.getByRole('region', { name: 'Orders Management' });
const ordersTab = (page: Page, name: 'Active Orders' | 'Order History') =>
  ordersRegion(page)
    .getByRole('tab', { name: new RegExp(name) })
    .click();

/** The order's row (desktop) or card (phone), found by searching the customer's name. */
async function findOrder(page: Page, customer: string, id: number): Promise<Locator> {
  const orders = ordersRegion(page);
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill(customer);
  const width = page.viewportSize()!.width;
  return orders
    .getByTestId(width >= 1024 ? 'order-row' : 'order-card')
    .and(orders.locator(`[data-order-id="${id}"]`));
}

test('the owner switches to California; pickups and deliveries are handed over by the rules, a return keeps its record', async ({
  page,
}, testInfo) => {
  test.slow();
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  // this shop (one per size) starts under the spec's rule set; its zone and delivery days first
  await makeShopLicensed(page.request, { jurisdiction: 'none' });
  await page.request.post('/api/auth/logout');
  await logInThroughDialog(page, E2E_DEALER);
  await expect(page).toHaveURL(/\/dealer$/);

  // the owner chooses the California rule set in the Compliance panel
  const compliance = page.getByRole('region', { name: 'Compliance' });
  await compliance.getByLabel('Rule set').selectOption('US-CA');
  await compliance.getByRole('button', { name: 'Save Compliance Settings' }).click();
  await expect(page.getByTestId('toast')).toContainText('Compliance settings saved.');
  await expect(compliance).toContainText('A sale is a record');

  const stamp = `${testInfo.project.name.slice(-5)}${Date.now()}`;
  const flower = 'Wedding Cake';
  const product = await productNamed(page.request, flower);
  const tax = {
    ruleSet: RULE_SETS['US-CA'],
    date: new Date().toISOString().slice(0, 10),
    rates: { salesTaxPercent: 9.5, localTaxPercent: null },
  };

  // a pickup: not handed over without the ID checked at the counter
  const pickupCustomer = `Jamie Rivera ${stamp}`;
  const pickup = await placeOrder(page.request, product, pickupCustomer, '1/8 Oz', 1, 'pickup', {
    tax,
    phone: `555-03${stamp.slice(-2)}`,
  });
  const refused = await page.request.patch(`/api/orders/${pickup.id}/status`, {
    data: { status: 'completed' },
  });
  expect(await refused.json()).toEqual({
    error: `Check the customer's ID at the counter before handing over order #${pickup.id}.`,
    code: 'ID_CHECK_REQUIRED',
  });
  await page.reload();
  let row = await findOrder(page, pickupCustomer, pickup.id);
  const pickupStatus = row.getByRole('combobox', { name: `Status of order #${pickup.id}` });
  await pickupStatus.selectOption('completed');
  const counter = page.getByRole('dialog', { name: `Hand over pickup #${pickup.id}` });
  await expect(counter).toBeVisible();
  await fillId(counter, 20, `U${stamp.slice(-7)}`);
  await counter.getByRole('button', { name: 'Check ID' }).click();
  await expect(counter.getByRole('status')).toContainText('FAIL');
  await expect(counter.getByRole('status')).toContainText('Under 21 (age 20)');
  await expect(counter.getByText('A failed ID check stands.')).toBeVisible();
  await expect(counter.getByRole('button', { name: 'Check ID' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('counter-failed.png') });
  await expectNoSeriousA11yViolations(page);
  await counter.getByRole('button', { name: 'Cancel' }).click();
  await expect(pickupStatus).toHaveValue('pending');

  // the owner allows one more check, saying why; the next check passes and the pickup is handed over
  await row.getByRole('button', { name: `Details of order #${pickup.id}` }).click();
  await page.getByRole('button', { name: 'Allow another ID check' }).click();
  const allow = page.getByRole('dialog', {
    name: `Allow another ID check for order #${pickup.id}?`,
  });
  await allow.getByLabel('Why may the ID be checked again?').fill('Her older sister collects it');
  await allow.getByRole('button', { name: 'Allow one more check' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays('Another check allowed', `Order #${pickup.id} may be checked once more.`),
  );
  await pickupStatus.selectOption('completed');
  await expect(
    counter.getByText('allowed one more check: Her older sister collects it'),
  ).toBeVisible();
  await counter.getByLabel('ID type').selectOption('passport');
  await expect(counter.getByLabel('State')).toHaveCount(0);
  await fillId(counter, 34, `X${stamp.slice(-7)}`);
  await counter.getByRole('button', { name: 'Check ID' }).click();
  await expect(counter.getByRole('status')).toContainText('PASS');
  await counter.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays('Order updated', `Order #${pickup.id} is now completed.`),
  );
  // handed over, it is history: its status is final
  await ordersTab(page, 'Order History');
  row = await findOrder(page, pickupCustomer, pickup.id);
  await expect(pickupStatus).toHaveValue('completed');
  await expect(pickupStatus).toBeDisabled();
  await ordersTab(page, 'Active Orders');

  // a delivery: the dashboard hands it over with the ID and the customer's signature
  const customer = `Robin Park ${stamp}`;
  const delivery = await placeOrder(page.request, product, customer, '1/4 Oz', 1, 'delivery', {
    address: '3000 20th Street, San Francisco, CA 94110',
    delivery: deliveryTermsOf({ id: 0, ...MISSION, salesTaxRate: null }),
    tax,
    phone: `555-04${stamp.slice(-2)}`,
  });
  row = await findOrder(page, customer, delivery.id);
  const deliveryStatus = row.getByRole('combobox', { name: `Status of order #${delivery.id}` });
  await deliveryStatus.selectOption('accepted');
  await expect(deliveryStatus).toHaveValue('accepted');
  await deliveryStatus.selectOption('completed');
  const door = page.getByRole('dialog', { name: `Check the ID for order #${delivery.id}` });
  await fillId(door, 40, `R${stamp.slice(-7)}`);
  await door.getByRole('button', { name: 'Check ID' }).click();
  // the ID says Jamie Rivera, the order is Robin Park's: the owner confirms it is Robin
  await door
    .getByRole('checkbox', {
      name: /The name on the ID differs, but I made sure this is Robin Park/,
    })
    .check();
  await door.getByRole('button', { name: 'Check ID' }).click();
  await expect(door.getByRole('status')).toContainText('PASS');
  await door.getByRole('button', { name: 'Hand over' }).click();
  await expect(door.getByText('Ask the customer to sign before handing over.')).toBeVisible();
  await signOnPad(page, door.getByTestId('signature-pad'));
  await page.screenshot({ path: testInfo.outputPath('dashboard-handover.png') });
  await expectNoSeriousA11yViolations(page);
  await door.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays('Order updated', `Order #${delivery.id} is now completed.`),
  );
  await ordersTab(page, 'Order History');
  row = await findOrder(page, customer, delivery.id);
  await expect(deliveryStatus).toHaveValue('completed');

  // a return after handover: the stock stays as it was, the goods wait to be destroyed
  const stockBefore = (await productNamed(page.request, flower)).stock;
  await row.getByRole('button', { name: `Details of order #${delivery.id}` }).click();
  await page.getByRole('button', { name: 'Record a return' }).click();
  const returning = page.getByRole('dialog', { name: `Record a return for order #${delivery.id}` });
  await returning.getByLabel(new RegExp(flower)).fill('1');
  await returning.getByLabel('Why does it come back?').fill('Damaged package');
  await page.screenshot({ path: testInfo.outputPath('return-dialog.png') });
  await expectNoSeriousA11yViolations(page);
  await returning.getByRole('button', { name: 'Record return' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays('Return recorded', `The goods of order #${delivery.id} are kept for destruction.`),
  );
  await expect(ordersRegion(page)).toContainText(`1 × ${flower} (1/4 Oz) — Damaged package`);
  expect((await productNamed(page.request, flower)).stock).toBe(stockBefore);
  await expect(page.getByRole('region', { name: 'Returned, to destroy' })).toContainText(flower);

  const receipt = await page.request.get(`/api/orders/${delivery.id}/receipt`);
  const html = await receipt.text();
  expect(html).toContain('<span class="mark">RETURN</span>');
  expect(html).toContain('Damaged package');
  await page.goto(`/api/orders/${delivery.id}/receipt`);
  await page.screenshot({ path: testInfo.outputPath('receipt-return.png'), fullPage: true });
});
