import { readQuery } from '@web/lib/read-query';
import { type Order, orderKeys } from './get-orders';

/** This shopper's orders, newest first (the server knows the shopper by an httpOnly cookie). */
const myOrdersRead = readQuery<Order[]>(orderKeys.mine, '/api/orders/mine');

export const getMyOrders = myOrdersRead.fetch;
export const myOrdersQueryOptions = myOrdersRead.queryOptions;
export const useMyOrders = myOrdersRead.use;
