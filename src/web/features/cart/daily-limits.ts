import type { QuantityLabel } from '@shared/constants';
import type { Product } from '@shared/types';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Issue 16: may this add go ahead under the shop's daily purchase limits? The check and the
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
