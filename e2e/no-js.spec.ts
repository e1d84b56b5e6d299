/**
 * With scripts off (a crawler, a locked-down phone) the shop can still be read:
 * the age gate works, cards show names and prices, and links lead to product pages.
 */
import { expect, test } from '@playwright/test';

/**
 * Blue Dream, a featured flower of the demo catalog at $45 for its first size (1/8 oz), with
 * the facts the demo catalog states for it.
 */
const DREAM = {
  name: 'Blue Dream',
  price: '$45.00',
  facts: [
    ['Brand', 'Humboldt Farms'],
    ['THC', '21.4%'],
    ['CBD', '0.1%'],
    ['Net size', '3.5 g'],
    ['Effects', 'Relaxed, Happy, Creative'],
  ],
};

test.use({ javaScriptEnabled: false });

test('without JavaScript the gate, the cards and a product page with its facts can be read', async ({
  page,
}) => {
  await page.goto('/');
  const gate = page.getByRole('dialog', { name: 'Are you 21 or older?' });
  await expect(gate).toBeVisible();
  await gate.getByRole('button', { name: "YES, I'M 21+" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Are you 21 or older?' })).toBeHidden();

  const featured = page
    .getByRole('region', { name: 'Featured Products' })
    .getByRole('article', { name: DREAM.name });
  await expect(featured).toContainText(DREAM.price);

  await featured.getByRole('link', { name: DREAM.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: DREAM.name })).toBeVisible();
  await expect(page.getByText(DREAM.price).first()).toBeVisible();
  await expect(page.getByRole('img', { name: `${DREAM.name} image 1` })).toBeVisible();
  const facts = page.getByRole('region', { name: 'Product facts' });
  for (const [term, value] of DREAM.facts) {
    await expect(facts.getByRole('term').filter({ hasText: term })).toHaveCount(1);
    await expect(facts.getByRole('definition').filter({ hasText: value })).toHaveCount(1);
  }
});

test('the server answers / and a product page with names, prices and facts in the HTML', async ({
  request,
}) => {
  const home = await (await request.get('/', { headers: { cookie: 'canopy_age=1' } })).text();
  expect(home).toContain(`>${DREAM.name}</a>`);
  expect(home).toContain(DREAM.price);
  const href = new RegExp(`href="(/product/[^"]+)"[^>]*>${DREAM.name}</a>`).exec(home)?.[1];
  expect(href).toBeTruthy();
  const page = await (await request.get(href!)).text();
  expect(page).toMatch(new RegExp(`<h1[^>]*>${DREAM.name}</h1>`));
  expect(page).toContain(DREAM.price);
  for (const [term, value] of DREAM.facts)
    expect(page).toMatch(new RegExp(`>${term}</dt><dd[^>]*>${value}</dd>`));
});
