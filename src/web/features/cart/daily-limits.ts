import { bulkOffered } from '@shared/compliance/limits';
import type { QuantityLabel } from '@shared/constants';
import type { Product } from '@shared/schemas/products';
import type { QueryClient } from '@tanstack/react-query';
import { useDealerSettings } from '@web/api/get-dealer-settings';

/**
 * May this add go ahead under the shop's daily purchase limits? The check and the
 * rule sets load on the first add, so the first page's JavaScript stays as it was.
 */
export async function withinDailyLimits(
  queryClient: QueryClient,
  product: Product,
  quantity: QuantityLabel,
): Promise<boolean> {
  try {
    const { checkDailyLimits } = await import('./daily-limit-check');
    return await checkDailyLimits(queryClient, product, quantity);
  } catch (error) {
    console.warn('Could not check the daily limits', error);
    return true;
  }
}

/**
 * Whether this product offers Bulk. Under a rule set that sells cannabis by
 * stated weight, a product that counts toward a limit is not offered as Bulk (the server would
 * refuse it at Place Order); until the shop's settings load, Bulk is offered as the spec has it.
 */
export function useBulkOffered(product: Product): boolean {
  const settings = useDealerSettings().data;
  return bulkOffered(product, {
    bulkOfLimitedProducts: settings?.bulkOfLimitedProducts ?? true,
  });
}
