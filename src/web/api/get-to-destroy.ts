import type { ToDestroy } from '@shared/returns';
import { readQuery } from '@web/lib/read-query';

export const toDestroyKeys = { all: ['inventory', 'to-destroy'] as const };

/** GET /api/inventory/to-destroy: returned goods waiting to be destroyed, and the latest destructions. */
const toDestroyRead = readQuery<ToDestroy[]>(toDestroyKeys.all, '/api/inventory/to-destroy');

export const getToDestroy = toDestroyRead.fetch;
export const toDestroyQueryOptions = toDestroyRead.queryOptions;
export const useToDestroy = toDestroyRead.use;
