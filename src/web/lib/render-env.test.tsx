// @vitest-environment happy-dom
import { useCart } from '@web/features/cart/cart-store';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderThenHydrate } from '../../../test/hydrate';
import {
  type RenderEnv,
  RenderEnvProvider,
  useHydrating,
  useShownAfterHydration,
} from './render-env';

const env: RenderEnv = {
  now: Date.UTC(2026, 10, 26, 18, 0),
  timeZone: 'America/Los_Angeles',
  clock: { date: '2026-11-26', minutes: 600 },
  offset: { offsetMinutes: -480, from: Date.UTC(2026, 10, 1, 9), until: Date.UTC(2026, 10, 27) },
};

const renders = { phase: 0, cart: 0 };

function Phase() {
  renders.phase += 1;
  return <p>{useHydrating() ? 'server' : 'browser'}</p>;
}

function CartSize() {
  renders.cart += 1;
  return <p>cart {useCart().length}</p>;
}

function BrowserOnly() {
  return useShownAfterHydration() ? <p>browser only</p> : null;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  renders.phase = 0;
  renders.cart = 0;
});

/** Renders `page` on the "server", then hydrates that HTML, counting hydration's renders. */
async function hydrated(page: (extra?: ReactNode) => ReactNode) {
  const hydration = await renderThenHydrate(page, () => {
    renders.phase = 0;
    renders.cart = 0;
  });
  root = hydration.root;
  return hydration;
}

describe('the render phase', () => {
  const page = (extra?: ReactNode) => (
    <RenderEnvProvider env={env}>
      <Phase />
      <CartSize />
      <BrowserOnly />
      {extra}
    </RenderEnvProvider>
  );

  it('ends with hydration without re-rendering what read it, or what reads an empty cart', async () => {
    const { container, errors } = await hydrated(page);

    expect(errors).toEqual([]);
    // the hydration render is the only one: nothing was redrawn when hydration ended
    expect(renders).toEqual({ phase: 1, cart: 1 });
    expect(container.querySelectorAll('p')[0].textContent).toBe('server');
    expect(container.textContent).toContain('cart 0');

    // every later render, and what mounts then, is the browser's own
    await act(async () => root?.render(page(<Phase />)));
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'browser',
      'cart 0',
      'browser only',
      'browser',
    ]);
  });

  it('draws what only the browser knows after hydration, not in the server HTML', async () => {
    const { container, serverHtml, errors } = await hydrated(page);

    expect(serverHtml).not.toContain('browser only');
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('browser only');
  });

  it("is the browser's from the first render of a page the server did not render", async () => {
    const container = document.createElement('div');
    root = createRoot(container);
    await act(async () =>
      root?.render(
        <RenderEnvProvider env={null}>
          <Phase />
          <BrowserOnly />
        </RenderEnvProvider>,
      ),
    );
    expect(renders.phase).toBe(1);
    expect(container.textContent).toBe('browserbrowser only');
  });
});
