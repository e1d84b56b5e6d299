import type { DeliveryStatus, ReturnReason } from '@shared/order-lifecycle';
import type { Payment } from '@shared/payment';
import type { Order } from '@shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryKeys } from '@web/api/get-deliveries';
import { postJson, sendJson } from '@web/lib/api-client';

export interface DeliveryUpdate {
  id: number;
  status: DeliveryStatus;
  returnReason?: ReturnReason;
  /** the customer's signature (PNG data: URL), required to hand over */
  signature?: string;
  /** the driver's own words on why it came back */
  note?: string;
  /** what the customer paid at the door */
  payment?: Payment;
}

/** POST /api/deliveries/{id}/attempts: nobody home, the stop goes back on the list for later. */
export function tryAgainLater(id: number, note: string): Promise<Order> {
  return postJson<Order>(`/api/deliveries/${id}/attempts`, note ? { note } : {});
}

/** PATCH /api/deliveries/{id}: the driver starts, hands over or brings back a stop. */
export function updateDelivery({ id, ...change }: DeliveryUpdate): Promise<Order> {
  return sendJson<Order>('PATCH', `/api/deliveries/${id}`, change);
}

export function useUpdateDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDelivery,
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
