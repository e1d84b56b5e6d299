import { type ShopClock, shopClock } from '@shared/shop-clock';
import { useEffect, useState } from 'react';

/** The shop's time zone, as the server writes it into the page; the phone's own otherwise. */
export function shopTimeZone(): string {
  const tag = document.querySelector<HTMLMetaElement>('meta[name="shop-time-zone"]');
  return tag?.content || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The shop's date and time of day, refreshed every minute while the page stays open. */
export function useShopClock(): ShopClock {
  const [clock, setClock] = useState(() => shopClock(new Date(), shopTimeZone()));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = shopClock(new Date(), shopTimeZone());
      setClock((current) =>
        current.date === next.date && current.minutes === next.minutes ? current : next,
      );
    }, 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return clock;
}
