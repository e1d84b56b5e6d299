import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The footer's Contact Us form. Its code loads as the shopper scrolls toward it, so a journey
 * scrolls there first, as a shopper would; while the cards above are still arriving they push
 * the footer down again, so it scrolls again until the form has come.
 */
export async function contactForm(page: Page): Promise<Locator> {
  const slot = page.getByTestId('contact-form-slot');
  const form = page.getByRole('form', { name: 'Contact Us' });
  await expect(async () => {
    await slot.scrollIntoViewIfNeeded();
    await expect(form).toBeAttached({ timeout: 2_000 });
  }).toPass();
  await form.scrollIntoViewIfNeeded();
  return form;
}
