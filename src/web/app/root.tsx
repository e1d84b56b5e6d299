import type { QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from '@web/components/errors/route-error-boundary';
import { type RenderEnv, RenderEnvProvider } from '@web/lib/render-env';
import { StrictMode, useEffect } from 'react';
import { Router } from 'wouter';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole app, as the server renders it and the browser hydrates or renders it. */
export function Root({
  client,
  env = null,
  ssrPath,
  ssrSearch,
}: {
  client: QueryClient;
  env?: RenderEnv | null;
  /** the server's request path; the browser reads its own location */
  ssrPath?: string;
  ssrSearch?: string;
}) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <RenderEnvProvider env={env}>
          <AppProvider client={client}>
            <AppErrorBoundary>
              <AppRouter />
            </AppErrorBoundary>
            <HydratedMarker />
          </AppProvider>
        </RenderEnvProvider>
      </Router>
    </StrictMode>
  );
}

/** Lifts the guard that holds taps until the server-rendered page answers them. */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.removeAttribute('data-hydrating');
  }, []);
  return null;
}
