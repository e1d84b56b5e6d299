import type { StaffMember } from '@shared/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { StaffMember };

export const staffKeys = { all: ['staff'] as const };

/** GET /api/staff: the owner's list of accounts. */
export function getStaff(): Promise<StaffMember[]> {
  return apiFetch<StaffMember[]>('/api/staff');
}

export const staffQueryOptions = () => queryOptions({ queryKey: staffKeys.all, queryFn: getStaff });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
