import { useDealerSettings } from '@web/api/get-dealer-settings';
import { AS_PRICED, PriceDisplayProvider } from '@web/components/ui/price-tag';
import { useShopClock } from '@web/lib/shop-clock';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Issue 16: when the dealer chooses "prices include taxes", every price on the menu and in the
 * cart is shown with the taxes of the shop's rule set and rate. The rule sets load only then,
 * so a shop that shows prices as set ships none of them on first load.
 */
export function TaxInclusivePrices({ children }: { children: ReactNode }) {
  const settings = useDealerSettings().data;
  const { date } = useShopClock();
  const [display, setDisplay] = useState(AS_PRICED);
  useEffect(() => {
    if (!settings?.pricesIncludeTaxes) {
      setDisplay(AS_PRICED);
      return;
    }
    let current = true;
    void import('@web/lib/price-display').then(({ menuPriceDisplay }) => {
      if (current) setDisplay(menuPriceDisplay(settings, date));
    });
    return () => {
      current = false;
    };
  }, [settings, date]);
  return <PriceDisplayProvider value={display}>{children}</PriceDisplayProvider>;
}
