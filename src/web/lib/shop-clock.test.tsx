// @vitest-environment happy-dom
import { rememberShopClock, rememberZoneOffset, shopClock } from '@shared/shop-clock';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderThenHydrate } from '../../../test/hydrate';
import { type RenderEnv, RenderEnvProvider } from './render-env';
import { useShopClock } from './shop-clock';

function ShopDate() {
  return <p>{useShopClock().date}</p>;
}

const page = (env: RenderEnv) => (
  <RenderEnvProvider env={env}>
    <ShopDate />
  </RenderEnvProvider>
);

const RealDateTimeFormat = Intl.DateTimeFormat;
/** Counts the date formatters made from now on (the first one with a zone is the costly one). */
function countFormatters() {
  const count = { made: 0 };
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      count.made += 1;
      return new target(...args);
    },
  });
  return count;
}
// The phone's reading comes in a timer after hydration. The timers are held, so a slow machine
// cannot run it before the test has looked at the hydrated page; the clock itself stays real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  Intl.DateTimeFormat = RealDateTimeFormat;
});
/** Lets the page's first timer run (the phone's first reading of the clock). */
const runFirstTick = () => act(() => vi.advanceTimersByTime(0));

describe('the shop clock on a hydrated page', () => {
  /** Renders on the "server", then hydrates as start.tsx does; returns the container. */
  async function hydratedPage(env: RenderEnv, formatters: () => { made: number }) {
    // as start.tsx does; here it also stands for the server's own reading, in the same process
    rememberShopClock(new Date(env.now), env.timeZone, env.clock);
    rememberZoneOffset(env.timeZone, env.offset);
    let count = { made: 0 };
    const { container, errors } = await renderThenHydrate(
      () => page(env),
      () => {
        count = formatters();
      },
    );
    expect(errors).toEqual([]);
    return { container, count };
  }

  it("draws the server's reading, then tells the phone's time from the zone's offset, making no formatter", async () => {
    // a page the server rendered (and cached) three hours ago; a zone nothing else here reads
    const timeZone = 'Pacific/Chatham';
    const now = Date.now() - 3 * 3_600_000;
    // an offset no real zone has, so the page can only have drawn its time from it
    const offset = { offsetMinutes: 7 * 60 + 7, from: now - 86_400_000, until: now + 86_400_000 };
    const env: RenderEnv = { now, timeZone, clock: { date: '2026-01-06', minutes: 45 }, offset };

    const { container, count } = await hydratedPage(env, countFormatters);
    expect(container.textContent).toBe('2026-01-06');

    runFirstTick();
    const local = new Date(Date.now() + offset.offsetMinutes * 60_000);
    expect(container.textContent).toBe(local.toISOString().slice(0, 10));
    expect(count.made).toBe(0);
  });

  it("reads the phone's clock with a formatter once the server's offset no longer holds", async () => {
    // rendered a while ago; the zone changed its offset an hour ago
    const timeZone = 'Pacific/Marquesas';
    const now = Date.now() - 5 * 3_600_000;
    const offset = { offsetMinutes: 0, from: now - 86_400_000, until: Date.now() - 3_600_000 };
    const env: RenderEnv = { now, timeZone, clock: { date: '2026-01-06', minutes: 45 }, offset };

    const { container, count } = await hydratedPage(env, countFormatters);
    expect(container.textContent).toBe('2026-01-06');
    expect(count.made).toBe(0);

    runFirstTick();
    expect(count.made).toBe(1);
    Intl.DateTimeFormat = RealDateTimeFormat;
    expect(container.textContent).toBe(shopClock(new Date(), timeZone).date);
  });
});
