import { useMediaQuery } from './use-media-query';

/** True while the shopper's system asks for less motion; false on the server. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
