import type { OrderStatus } from '@shared/constants';
import { isClosed } from '@shared/order-lifecycle';
import type { Order } from '@shared/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersQueryOptions } from '@web/api/get-orders';
import { productKeys } from '@web/api/get-products';
import { apiFetch } from '@web/lib/api-client';

export function updateOrderStatus(id: number, status: OrderStatus): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${id}/status`, {
    method: 'PATCH',
    body: JSON.stringify({ status }),
  });
}

export function assignDriver(id: number, driverId: number | null): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${id}/driver`, {
    method: 'PATCH',
    body: JSON.stringify({ driverId }),
  });
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
    mutationFn: ({ id, status }: { id: number; status: OrderStatus }) =>
      updateOrderStatus(id, status),
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
