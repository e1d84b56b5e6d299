import { QueryClient } from '@tanstack/react-query';

/** Spec §7: no retries, never stale by default. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
  },
});
