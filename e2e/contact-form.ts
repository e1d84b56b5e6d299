import type { Locator, Page } from '@playwright/test';

/**
 * The footer's Contact Us form. Its code loads as the shopper scrolls toward it, so a journey
 * scrolls there first, as a shopper would.
 */
export async function contactForm(page: Page): Promise<Locator> {
  await page.getByTestId('contact-form-slot').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Contact Us' });
  await form.scrollIntoViewIfNeeded();
  return form;
}
