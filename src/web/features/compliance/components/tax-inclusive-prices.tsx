import { useDealerSettings } from '@web/api/get-dealer-settings';
import { AS_PRICED, PriceDisplayProvider } from '@web/components/ui/price-tag';
import { useShopClock } from '@web/lib/shop-clock';
import { type ReactNode, useEffect, useState } from 'react';

type PriceDisplayModule = typeof import('@web/lib/price-display');
let priceDisplayModule: PriceDisplayModule | null = null;

/**
 * Loads the tax rule sets. The server and a hydrating page call it before rendering, so the
 * first render already prints the prices with taxes.
 */
export async function loadPriceDisplay(): Promise<void> {
  priceDisplayModule ??= await import('@web/lib/price-display');
}

/**
 * When the dealer chooses "prices include taxes", every price on the menu and in the
 * cart is shown with the taxes of the shop's rule set and rate. The rule sets load only then,
 * so a shop that shows prices as set ships none of them on first load.
 */
export function TaxInclusivePrices({ children }: { children: ReactNode }) {
  const settings = useDealerSettings().data;
  const { date } = useShopClock();
  const [display, setDisplay] = useState(() =>
    settings?.pricesIncludeTaxes && priceDisplayModule
      ? priceDisplayModule.menuPriceDisplay(settings, date)
      : AS_PRICED,
  );
  useEffect(() => {
    if (!settings?.pricesIncludeTaxes) {
      setDisplay(AS_PRICED);
      return;
    }
    let current = true;
    void loadPriceDisplay().then(() => {
      if (current && priceDisplayModule)
        setDisplay(priceDisplayModule.menuPriceDisplay(settings, date));
    });
    return () => {
      current = false;
    };
  }, [settings, date]);
  return <PriceDisplayProvider value={display}>{children}</PriceDisplayProvider>;
}
