// @vitest-environment happy-dom
import { readableProductPath } from '@shared/slugs';
import { expect, it } from 'vitest';
import { useDevHydration } from '../../test/dev-hydration';

const page = useDevHydration();

it("hydrates the server's product page under React's development build without a warning", async () => {
  const flower = page.products().find((p) => p.category === 'flower' && p.stock > 0)!;
  const said = await page.hydrate(readableProductPath(flower));
  expect(document.querySelector('h1')?.textContent).toBe(flower.name);
  expect(said).toEqual([]);
});
