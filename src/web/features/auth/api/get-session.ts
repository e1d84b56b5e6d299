import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@web/lib/api-client';

export interface Session {
  authenticated: boolean;
  username: string | null;
}

/** Until the auth endpoint exists (404), the shopper simply is not authenticated. */
export async function getSession(): Promise<Session> {
  try {
    return await apiFetch<Session>('/api/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { authenticated: false, username: null };
    }
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'session'], queryFn: getSession, staleTime: 60_000 });

export function useSession(enabled = true) {
  return useQuery({ ...sessionQueryOptions(), enabled });
}

export const SIGNED_OUT: Session = { authenticated: false, username: null };
