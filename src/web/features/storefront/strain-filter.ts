import type { StrainName } from '@shared/constants';
import type { Product } from '@shared/schemas/products';
import { createStore, useStore } from '@web/lib/create-store';

/** The shopper's strain filter from the side menu (spec §2.2); null = all strains. */
export const strainFilterStore = createStore<StrainName | null>(null);

/** Choosing the active strain again clears the filter. */
export function toggleStrainFilter(strain: StrainName) {
  strainFilterStore.set((current) => (current === strain ? null : strain));
}

export function clearStrainFilter() {
  strainFilterStore.set(null);
}

export function useStrainFilter() {
  return useStore(strainFilterStore);
}

export function matchesStrain(product: Product, strain: StrainName | null): boolean {
  if (!strain) return true;
  return product.strain === strain || product.strainTypes.includes(strain);
}
