import type { Session } from '@shared/schemas/auth';
import type { Permission } from '@shared/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@web/lib/api-client';

export type { Session };

export const SIGNED_OUT: Session = { authenticated: false, username: null };

export const sessionKeys = { current: ['auth', 'session'] as const };

/** Until the auth endpoint exists (404), the shopper simply is not authenticated. */
export async function getSession(): Promise<Session> {
  try {
    return await apiFetch<Session>('/api/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return SIGNED_OUT;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.current, queryFn: getSession, staleTime: 60_000 });

/** Whether the signed-in member of staff may do this (the server checks it again). */
export function sessionMay(session: Session | undefined, permission: Permission): boolean {
  return session?.permissions?.includes(permission) ?? false;
}

export function useSession(enabled = true) {
  return useQuery({ ...sessionQueryOptions(), enabled });
}
