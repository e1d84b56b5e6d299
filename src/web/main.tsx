import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreTheme } from './features/theme/theme-store';
import { productsQueryOptions } from './api/get-products';
import { queryClient } from './lib/query-client';

// The CSP forbids inline scripts, so the saved theme is applied here, before the first render.
restoreTheme();
// Start the catalog request before React renders.
void queryClient.prefetchQuery(productsQueryOptions());

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
