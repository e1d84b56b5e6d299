/**
 * Nothing the server drew moves while the page hydrates and the chat's code arrives. This
 * runs against a shop no other journey writes to, because on the shared shop a live change
 * may land while the page is watched and rightly move what it changes (a product back in
 * stock joins the Featured row). CI once saw a shift of 0.0185 on the shared shop at desktop
 * size that 30 runs on a fresh shop and one after the desktop journeys did not show again;
 * each shift now names what moved, from where to where, when.
 */
import { expect, test } from '@playwright/test';
import { laterFrame, productPages, visitHydrated } from './hydration';

test('nothing drawn on / or a product page moves as the page hydrates and the chat arrives', async ({
  page,
  request,
}) => {
  const { urls } = await productPages(request);
  await page.addInitScript(() => {
    localStorage.setItem('ageVerified', 'true');
    // each shift names what moved and from where to where, so a failure says what to fix
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
      const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40);
      return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} class="${node.getAttribute('class') ?? ''}"> ${label ?? ''}`;
    };
    const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      }[])
        if (!entry.hadRecentInput)
          shifts.push(
            `${entry.value.toFixed(4)} at ${Math.round(performance.now())} ms: ${entry.sources
              .map((s) => `${describe(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`)
              .join('; ')}`,
          );
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const url of ['/', urls[0]]) {
    await visitHydrated(page, url);
    // the chat's code comes last, once the page is idle: its launcher is the later marker
    await expect(page.locator('[data-floating="chat"]')).toBeAttached({ timeout: 15_000 });
    await laterFrame(page);
    expect(
      await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts),
      url,
    ).toEqual([]);
  }
});
