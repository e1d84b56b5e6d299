import type { OrderStatus } from '@shared/constants';
import type { Order } from '@shared/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { ordersQueryOptions } from './get-orders';

export interface DeliveryInput {
  deliveryDate: string;
  deliveryTimeWindow: string;
  deliveryNotes: string;
}

export function updateOrderStatus(id: number, status: OrderStatus): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${id}/status`, {
    method: 'PATCH',
    body: JSON.stringify({ status }),
  });
}

export function updateOrderDelivery(id: number, input: DeliveryInput): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${id}/delivery`, {
    method: 'PATCH',
    body: JSON.stringify(input),
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
    onSuccess: (order) => replaceOrder(client, order),
  });
}

export function useUpdateOrderDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DeliveryInput }) =>
      updateOrderDelivery(id, input),
    onSuccess: (order) => {
      replaceOrder(client, order);
      // the schedule calendar lists accepted orders by delivery date
      void client.invalidateQueries({ queryKey: ['schedule-slots'] });
    },
  });
}

export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOrder(id),
    onSuccess: (_result, id) => {
      client.setQueryData(ordersKey, (list) => list?.filter((o) => o.id !== id));
      // the server restored the stock of the order's products
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
