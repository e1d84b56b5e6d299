import { useEffect } from 'react';

export const SHOP_NAME = 'Canopy';

/** "Cart | Canopy": the page's own name first, as tabs and screen readers show it. */
export function pageTitle(page: string | null): string {
  return page ? `${page} | ${SHOP_NAME}` : `${SHOP_NAME} — Same-day delivery`;
}

/** Sets the tab's title while the page is shown; `null` is the shop's home title. */
export function useDocumentTitle(page: string | null, enabled = true): void {
  useEffect(() => {
    if (enabled) document.title = pageTitle(page);
  }, [page, enabled]);
}
