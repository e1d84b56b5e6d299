import { QueryClient } from '@tanstack/react-query';

/** Spec §7: no retries, never stale by default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
    },
  });
}

/** The browser's one client; the server makes one per page it renders. */
export const queryClient = createQueryClient();
