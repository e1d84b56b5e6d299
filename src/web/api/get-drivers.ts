import type { Driver } from '@shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const driverKeys = { all: ['drivers'] as const };

/** GET /api/drivers: the active drivers a dispatcher can give a delivery to. */
export function getDrivers(): Promise<Driver[]> {
  return apiFetch<Driver[]>('/api/drivers');
}

export const driversQueryOptions = () =>
  queryOptions({ queryKey: driverKeys.all, queryFn: getDrivers });

export function useDrivers(enabled = true) {
  return useQuery({ ...driversQueryOptions(), enabled });
}
