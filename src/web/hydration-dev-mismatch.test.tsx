// @vitest-environment happy-dom
import { readableProductPath } from '@shared/slugs';
import { expect, it } from 'vitest';
import { useDevHydration } from '../../test/dev-hydration';

const page = useDevHydration();

it('reports a page whose HTML is not what the browser draws: the check can fail', async () => {
  const flower = page.products().find((p) => p.category === 'flower' && p.stock > 0)!;
  const said = await page.hydrate(readableProductPath(flower), (html) =>
    html.replace(`>${flower.name}</h1>`, '>Not this product</h1>'),
  );
  expect(said.join('\n')).toMatch(
    /Hydration failed because the server rendered .* didn't match the client/,
  );
});
