import type { HeldStock } from '@shared/schemas/products';
import { readQuery } from '@web/lib/read-query';
import { heldStockKeys } from './query-keys';

export type { HeldStock };

export { heldStockKeys };

/** GET /api/inventory/held: stock that orders the shop has not accepted yet hold. */
const heldStockRead = readQuery<HeldStock[]>(heldStockKeys.all, '/api/inventory/held');

export const getHeldStock = heldStockRead.fetch;
export const heldStockQueryOptions = heldStockRead.queryOptions;
export const useHeldStock = heldStockRead.use;
