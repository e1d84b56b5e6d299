import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/**
 * Renders `page` to HTML as the server does, then hydrates that HTML in the browser's way.
 * `beforeHydrate` runs in between (e.g. to start counting what hydration does).
 */
export async function renderThenHydrate(page: () => ReactNode, beforeHydrate?: () => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  const serverHtml = container.innerHTML;
  beforeHydrate?.();
  const errors: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, serverHtml, errors, root: root as Root };
}
