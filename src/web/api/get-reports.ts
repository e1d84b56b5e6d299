import type { DayRange, SalesReport, TaxReport } from '@shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { SalesReport, TaxReport };

export const reportKeys = {
  all: ['reports'] as const,
  sales: (range: DayRange) => ['reports', 'sales', range.from, range.to] as const,
  taxes: (period: string) => ['reports', 'taxes', period] as const,
};

/** GET /api/reports/sales: the owner's sales of a range of shop days, with the period before. */
export const salesReportQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: reportKeys.sales(range),
    queryFn: () =>
      apiFetch<SalesReport>(`/api/reports/sales?from=${range.from}&to=${range.to}&compare=true`),
    placeholderData: keepPreviousData,
  });

export function useSalesReport(range: DayRange | null) {
  return useQuery({
    ...salesReportQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}

/** GET /api/reports/taxes: a month's or a quarter's taxes, as CDTFA's returns ask for them. */
export const taxReportQueryOptions = (period: string) =>
  queryOptions({
    queryKey: reportKeys.taxes(period),
    queryFn: () => apiFetch<TaxReport>(`/api/reports/taxes?period=${period}`),
    placeholderData: keepPreviousData,
  });

export function useTaxReport(period: string) {
  return useQuery(taxReportQueryOptions(period));
}

export const salesCsvHref = (range: DayRange, table: string) =>
  `/api/reports/sales.csv?from=${range.from}&to=${range.to}&table=${table}`;
export const taxCsvHref = (period: string) => `/api/reports/taxes.csv?period=${period}`;
