import { type MenuFilter, parseMenuFilter, withMenuFilter } from '@shared/menu-filter';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The shopper's menu filter, read from and written to the URL: a shared link
 * shows the same menu, Back restores the previous one, and the server renders it.
 * `replace` rewrites the current history entry (each tweak inside the filter panel) instead
 * of adding one (a chip removed).
 */
export function useMenuFilter() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filter = useMemo(() => parseMenuFilter(search), [search]);
  const setFilter = useCallback(
    (next: MenuFilter, options?: { replace?: boolean }) => {
      const current = typeof window === 'undefined' ? search : window.location.search;
      navigate(`${location}${withMenuFilter(current, next)}`, { replace: options?.replace });
    },
    [location, navigate, search],
  );
  return { filter, setFilter };
}
