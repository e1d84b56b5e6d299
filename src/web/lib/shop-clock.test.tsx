// @vitest-environment happy-dom
import { rememberShopClock, shopClock } from '@shared/shop-clock';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
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
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

describe('the shop clock on a hydrated page', () => {
  it("draws the server's reading while hydrating, and reads the phone's clock in a later task", async () => {
    // a page the server rendered (and cached) a while ago; a zone nothing else here reads
    const timeZone = 'Pacific/Chatham';
    const now = Date.UTC(2026, 0, 5, 12, 0, 0);
    const env: RenderEnv = { now, timeZone, clock: { date: '2026-01-06', minutes: 45 } };
    // as start.tsx does; here it also stands for the server's own reading, in the same process
    rememberShopClock(new Date(now), timeZone, env.clock);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(env));
    const formatters = countFormatters();
    const errors: unknown[] = [];

    await act(async () => {
      hydrateRoot(container, page(env), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('2026-01-06');
    expect(formatters.made).toBe(0);

    await act(() => new Promise((done) => setTimeout(done)));
    expect(formatters.made).toBe(1);
    expect(container.textContent).toBe(shopClock(new Date(), timeZone).date);
  });
});
