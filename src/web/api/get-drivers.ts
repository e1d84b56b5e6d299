import type { Driver } from '@shared/schemas/orders';
import { readQuery } from '@web/lib/read-query';

export const driverKeys = { all: ['drivers'] as const };

/** GET /api/drivers: the active drivers a dispatcher can give a delivery to. */
const driversRead = readQuery<Driver[]>(driverKeys.all, '/api/drivers');

export const getDrivers = driversRead.fetch;
export const driversQueryOptions = driversRead.queryOptions;
export const useDrivers = driversRead.use;
