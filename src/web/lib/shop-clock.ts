import { type ShopClock, shopClock } from '@shared/shop-clock';
import { useEffect, useState } from 'react';
import { useRenderEnv, useRenderNow } from './render-env';

/** The shop's time zone, as the server writes it into the page; the phone's own otherwise. */
export function shopTimeZone(): string {
  const tag = document.querySelector<HTMLMetaElement>('meta[name="shop-time-zone"]');
  return tag?.content || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The shop's time zone in a render, on the server too. */
export function useShopTimeZone(): string {
  return useRenderEnv()?.timeZone ?? shopTimeZone();
}

/** The shop's date and time of day, refreshed every minute while the page stays open. */
export function useShopClock(): ShopClock {
  const timeZone = useShopTimeZone();
  const renderNow = useRenderNow();
  const [clock, setClock] = useState(() => shopClock(renderNow, timeZone));
  useEffect(() => {
    const tick = () => {
      const next = shopClock(new Date(), timeZone);
      setClock((current) =>
        current.date === next.date && current.minutes === next.minutes ? current : next,
      );
    };
    // A hydrated page starts from the server's reading; the phone's own comes in a later task
    // (from the zone's offset the server sent, or a formatter once that no longer holds).
    const first = window.setTimeout(tick);
    const timer = window.setInterval(tick, 30_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [timeZone]);
  return clock;
}
