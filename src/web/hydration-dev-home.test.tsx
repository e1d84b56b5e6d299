// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { useDevHydration } from '../../test/dev-hydration';

const page = useDevHydration();

it("hydrates the server's home page under React's development build without a warning", async () => {
  expect(process.env.NODE_ENV).not.toBe('production');
  const said = await page.hydrate('/');
  expect(document.querySelector('[aria-label="Featured Products"], h2')).not.toBeNull();
  expect(said).toEqual([]);
});
