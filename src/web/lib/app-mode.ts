import { createStore, useStore } from './create-store';
import { BACK_OFFICE_PATHS } from './paths';

export type AppMode = 'customer' | 'dealer';

/** Customer or dealer mode, switched by the path (spec §2.1). */
export const appModeStore = createStore<AppMode>('customer');

const CUSTOMER_PATHS = ['/', '/cart', '/orders'];

export function isDealerPath(path: string): boolean {
  return BACK_OFFICE_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Other paths (product pages, thank-you) keep the current mode. */
export function modeForPath(path: string, current: AppMode): AppMode {
  if (isDealerPath(path)) return 'dealer';
  if (CUSTOMER_PATHS.includes(path)) return 'customer';
  return current;
}

export function useAppMode(): AppMode {
  return useStore(appModeStore);
}
