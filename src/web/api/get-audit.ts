import type { AuditEntry, AuditQuery } from '@shared/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { AuditEntry };

export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditQuery) => ['audit', filter] as const,
};

/** GET /api/audit: the owner's activity log, newest first. */
export function getAudit(filter: AuditQuery): Promise<AuditEntry[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const suffix = query.size > 0 ? `?${query}` : '';
  return apiFetch<AuditEntry[]>(`/api/audit${suffix}`);
}

export const auditQueryOptions = (filter: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: () => getAudit(filter),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: AuditQuery) {
  return useQuery(auditQueryOptions(filter));
}
