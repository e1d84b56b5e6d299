import type { OrderStatus } from '@shared/constants';
import { isClosed } from '@shared/order-lifecycle';
import type { OrderReturnInput } from '@shared/returns';
import type { Order } from '@shared/schemas/orders';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersQueryOptions } from '@web/api/get-orders';
import { productKeys } from '@web/api/get-products';
import { apiFetch, postJson, sendJson } from '@web/lib/api-client';

export interface StatusUpdate {
  id: number;
  status: OrderStatus;
  /** why the order is voided (required where sales are records) */
  reason?: string;
  /** the customer's signature when staff hand a delivery over */
  signature?: string;
}

export function updateOrderStatus({ id, ...change }: StatusUpdate): Promise<Order> {
  return sendJson<Order>('PATCH', `/api/orders/${id}/status`, change);
}

/** POST /api/orders/{id}/returns: a return after handover, its own record. */
export function recordReturn(id: number, input: OrderReturnInput): Promise<Order> {
  return postJson<Order>(`/api/orders/${id}/returns`, input);
}

export function assignDriver(id: number, driverId: number | null): Promise<Order> {
  return sendJson<Order>('PATCH', `/api/orders/${id}/driver`, { driverId });
}

export function deleteOrder(id: number): Promise<void> {
  return apiFetch<void>(`/api/orders/${id}`, { method: 'DELETE' });
}

const ordersKey = ordersQueryOptions().queryKey;

function replaceOrder(client: QueryClient, order: Order) {
  client.setQueryData(ordersKey, (list) => list?.map((o) => (o.id === order.id ? order : o)));
}

export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      replaceOrder(client, order);
      // a returned or cancelled order's stock is back on the shelf
      if (isClosed(order.status)) void client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

export function useAssignDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, driverId }: { id: number; driverId: number | null }) =>
      assignDriver(id, driverId),
    onSuccess: (order) => replaceOrder(client, order),
  });
}

/** Replaces the order in the list with the server's answer (after a return, a new ID check). */
export function useReplaceOrder() {
  const client = useQueryClient();
  return (order: Order) => replaceOrder(client, order);
}

export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOrder(id),
    onSuccess: (_result, id) => {
      client.setQueryData(ordersKey, (list) => list?.filter((o) => o.id !== id));
      // the server restored the stock of the order's products
      void client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
