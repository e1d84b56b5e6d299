import { type Browser, expect, type Locator, type Page } from '@playwright/test';

/** A member of staff's own browser context, signed in through the API, past the age gate. */
export async function signedIn(
  browser: Browser,
  data: object,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const login = await context.request.post('/api/auth/login', { data });
  expect(login.ok(), await login.text()).toBe(true);
  return { context, page: await context.newPage() };
}

/** Types what a Californian licence says: born on 1 January, so this old all year. */
export async function fillId(dialog: Locator, age: number, idNumber = 'D1234567') {
  const year = new Date().getFullYear();
  await dialog.getByLabel('First name').fill('Jamie');
  await dialog.getByLabel('Last name').fill('Rivera');
  await dialog.getByLabel('Date of birth').fill(`${year - age}-01-01`);
  await dialog.getByLabel('Expires').fill(`${year + 2}-01-31`);
  await dialog.getByLabel('ID number').fill(idNumber);
}

/** The customer signs with a finger: two strokes across the pad. */
export async function signOnPad(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  for (const [from, to] of [
    [0.15, 0.7],
    [0.5, 0.35],
  ] as const) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * to);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++)
      await page.mouse.move(
        box.x + box.width * (from + step * 0.04),
        box.y + box.height * (to + (step % 2 ? -0.15 : 0.15)),
      );
    await page.mouse.up();
  }
}
