import { type ComplianceSettings, taxContextFor } from '@shared/compliance/checkout-terms';
import { withGoodsTaxes } from '@shared/compliance/out-the-door';
import { toCents, toDollars } from '@shared/money';
import type { TaxContext } from '@shared/pricing';
import { AS_PRICED, type PriceDisplay } from '@web/components/ui/price-tag';

/** Out-the-door prices under `tax`; as priced when it carries no tax at all. */
export function priceDisplayFor(tax: TaxContext | undefined): PriceDisplay {
  if (!tax || withGoodsTaxes(10_000, tax) === 10_000) return AS_PRICED;
  return {
    shown: (dollars, cannabis) => toDollars(withGoodsTaxes(toCents(dollars), tax, cannabis)),
    taxesIncluded: true,
  };
}

/** The menu's display: the shop's own rule set and rate (no zone is known there). */
export function menuPriceDisplay(settings: ComplianceSettings, shopDate: string): PriceDisplay {
  return priceDisplayFor(taxContextFor(settings, null, shopDate));
}
