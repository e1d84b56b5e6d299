/**
 * Hydrates a page the real server printed with the browser's real entry (src/web/start.tsx),
 * in a happy-dom test, under React's development build. The server runs in a process of its
 * own, as in production: rendering in the test's process would leave React's server renderer
 * marked on shared contexts, which the development build reports as a misuse.
 */
import type { Root } from 'react-dom/client';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Product } from '../src/shared/schemas/products';
import {
  type FreshDatabase,
  freePort,
  freshDatabase,
  prepareDatabase,
  type ServerProcess,
  spawnServer,
} from './server-process';

/** happy-dom's control of its window (vitest's happy-dom environment does not type it). */
const happyDOM = () =>
  (
    window as unknown as {
      happyDOM: { setURL(url: string): void; waitUntilComplete(): Promise<void> };
    }
  ).happyDOM;

/** A socket that never connects: the page is checked as the server drew it. */
class UnconnectedSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = 0;
  send() {}
  close() {}
}

export interface DevHydration {
  products(): Product[];
  /** Opens `path` and runs the browser's entry on it until React committed; returns what React said. */
  hydrate(path: string, tamper?: (html: string) => string): Promise<string[]>;
}

/** A seeded server process for this test file, and the one page it may hydrate. */
export function useDevHydration(): DevHydration {
  let fresh: FreshDatabase;
  let server: ServerProcess;
  let products: Product[] = [];
  const roots: Root[] = [];
  // the entry keeps its root to itself: keep a hand on it to unmount the app after the test
  vi.doMock('react-dom/client', async (importOriginal) => {
    const real = await importOriginal<typeof import('react-dom/client')>();
    return {
      ...real,
      hydrateRoot: (...args: Parameters<typeof real.hydrateRoot>) => {
        const root = real.hydrateRoot(...args);
        roots.push(root);
        return root;
      },
    };
  });
  beforeAll(async () => {
    fresh = await freshDatabase('sqlite');
    await prepareDatabase(fresh);
    const port = await freePort();
    // the page's origin is the server's, so the browser's API calls reach it
    happyDOM().setURL(`http://127.0.0.1:${port}/`);
    server = await spawnServer({
      port,
      env: fresh.env,
      command: [process.execPath, '--import', 'tsx', 'test/storefront-server.ts'],
    });
    products = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
  });
  afterAll(async () => {
    // the app stops asking before the server goes, or its requests end as refusals
    for (const root of roots) root.unmount();
    await happyDOM().waitUntilComplete();
    await server?.kill();
    await fresh?.dispose();
  });

  return {
    products: () => products,
    async hydrate(path, tamper = (html) => html) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: 'canopy_age=1' } });
      expect(res.status).toBe(200);
      happyDOM().setURL(`${server.url}${path}`);
      receive(tamper(await res.text()));
      expect(document.getElementById('canopy-state')).not.toBeNull();
      const said: string[] = [];
      const record =
        (kind: string) =>
        (...args: unknown[]) =>
          said.push(`${kind}: ${args.map(String).join(' ')}`);
      vi.spyOn(console, 'error').mockImplementation(record('error'));
      vi.spyOn(console, 'warn').mockImplementation(record('warn'));
      vi.stubGlobal('WebSocket', UnconnectedSocket);
      // the server modules this file loaded pointed the web's API client at an in-process app
      vi.resetModules();
      await import('../src/web/start');
      await vi.waitFor(
        () => expect(document.documentElement.hasAttribute('data-hydrating')).toBe(false),
        { timeout: 30_000 },
      );
      return said;
    },
  };
}

/** Puts the server's page in this document as a browser would receive it, scripts aside. */
function receive(html: string) {
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
  const htmlTag = /<html([^>]*)>/.exec(html)?.[1] ?? '';
  for (const [, name, value] of htmlTag.matchAll(/([\w-]+)(?:="([^"]*)")?/g))
    root.setAttribute(name, value ?? '');
  const inner = html.slice(
    html.indexOf('>', html.indexOf('<html')) + 1,
    html.lastIndexOf('</html>'),
  );
  root.innerHTML = inner.replace(/<script type="module"[^>]*><\/script>/g, '');
}
