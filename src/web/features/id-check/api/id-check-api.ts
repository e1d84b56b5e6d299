import type { DoorCheckInput } from '@shared/id-check/door-check';
import type { Order } from '@shared/schemas/orders';
import { postJson, sendJson } from '@web/lib/api-client';

/** Where a check is sent: the driver's own stop, or staff at the counter. */
export type CheckIdAt = (orderId: number, input: DoorCheckInput) => Promise<Order>;

/** POST /api/deliveries/{id}/id-check: the driver's ID check at the door. */
export const checkIdAtDoor: CheckIdAt = (id, input) =>
  sendJson<Order>('POST', `/api/deliveries/${id}/id-check`, input);

/** POST /api/orders/{id}/id-check: staff check the ID at the pickup counter or in the office. */
export const checkIdAtCounter: CheckIdAt = (id, input) =>
  postJson<Order>(`/api/orders/${id}/id-check`, input);

/** POST /api/orders/{id}/id-check-override: an owner allows one more check, saying why. */
export function allowIdRecheck(id: number, reason: string): Promise<Order> {
  return postJson<Order>(`/api/orders/${id}/id-check-override`, { reason });
}
