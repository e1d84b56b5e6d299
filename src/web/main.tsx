import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { categoriesQueryOptions } from './api/get-categories';
import { newestProductsQueryOptions } from './api/get-newest-products';
import { productsQueryOptions } from './api/get-products';
import { promotionsQueryOptions } from './api/get-promotions';
import { App } from './app/app';
import { restoreTheme } from './features/theme/theme-store';
import { startHistoryTracking } from './lib/history-entries';
import { queryClient } from './lib/query-client';

// The CSP forbids inline scripts, so the saved theme is applied here, before the first render.
restoreTheme();
startHistoryTracking();
// Start the home page's requests before React renders.
if (window.location.pathname === '/') {
  void queryClient.prefetchQuery(productsQueryOptions());
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(promotionsQueryOptions());
  void queryClient.prefetchQuery(newestProductsQueryOptions());
}

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
