import type {
  ConnectionTest,
  OverdueReports,
  ReceivedPackage,
  Reconciliation,
  ReportingDay,
  ReportingOverview,
} from '@shared/metrc';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { ReceivedPackage };

export const stateReportingKeys = {
  all: ['state-reporting'] as const,
  overview: ['state-reporting', 'overview'] as const,
  overdue: ['state-reporting', 'overdue'] as const,
  day: (date: string) => ['state-reporting', 'day', date] as const,
  reconciliation: (date: string) => ['state-reporting', 'reconciliation', date] as const,
  connection: ['state-reporting', 'connection'] as const,
  packages: ['state-reporting', 'packages'] as const,
};

/** GET /api/state-reporting: per shop day, what is reported to Metrc, waiting or refused. */
export const stateReportingQueryOptions = () =>
  queryOptions({
    queryKey: stateReportingKeys.overview,
    queryFn: () => apiFetch<ReportingOverview>('/api/state-reporting'),
    refetchInterval: 15_000,
  });
export const useStateReporting = () => useQuery(stateReportingQueryOptions());

/** GET /api/state-reporting/days/{date}: each report of the day, with Metrc's id or message. */
export const reportingDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: stateReportingKeys.day(date),
    queryFn: () => apiFetch<ReportingDay>(`/api/state-reporting/days/${date}`),
    refetchInterval: 15_000,
  });
export const useReportingDay = (date: string | null) =>
  useQuery({ ...reportingDayQueryOptions(date ?? ''), enabled: date !== null });

/** GET /api/state-reporting/overdue: how many sales are unreported past the deadline. */
export const useOverdueReports = (enabled: boolean) =>
  useQuery({
    queryKey: stateReportingKeys.overdue,
    queryFn: () => apiFetch<OverdueReports>('/api/state-reporting/overdue'),
    refetchInterval: 60_000,
    enabled,
  });

/** GET …/reconciliation: the day's sales against Metrc's own list; fetched when asked. */
export const useReconciliation = (date: string | null) =>
  useQuery({
    queryKey: stateReportingKeys.reconciliation(date ?? ''),
    queryFn: () => apiFetch<Reconciliation>(`/api/state-reporting/days/${date}/reconciliation`),
    enabled: false,
    retry: false,
  });

/** GET /api/state-reporting/connection: asks Metrc which facilities the keys reach; when asked. */
export const useConnectionTest = () =>
  useQuery({
    queryKey: stateReportingKeys.connection,
    queryFn: () => apiFetch<ConnectionTest>('/api/state-reporting/connection'),
    enabled: false,
    retry: false,
  });

/** GET /api/inventory/packages: the Metrc packages received, newest first. */
export const usePackages = (enabled = true) =>
  useQuery({
    queryKey: stateReportingKeys.packages,
    queryFn: () => apiFetch<ReceivedPackage[]>('/api/inventory/packages'),
    enabled,
  });
