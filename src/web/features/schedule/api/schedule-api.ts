/**
 * The Schedule Manager's calls (spec §7). Query keys are shared with the
 * checkout and the dashboard (`schedule-slots`, `dealer-settings`, `orders`),
 * so the /ws bridge and every screen see one copy of the data.
 */
import type { SlotCreation } from '@shared/availability';
import type { DealerSettings, Order, ScheduleSlot } from '@shared/types';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@web/lib/api-client';

export type ScheduleSettings = Pick<
  DealerSettings,
  'availableDays' | 'deliveryHours' | 'deliveryNotes'
>;

export const scheduleSlotsQuery = () =>
  queryOptions({
    queryKey: ['schedule-slots'],
    queryFn: () => apiFetch<ScheduleSlot[]>('/api/schedule-slots'),
  });

export const dealerSettingsQuery = () =>
  queryOptions({
    queryKey: ['dealer-settings'],
    queryFn: () => apiFetch<ScheduleSettings | null>('/api/dealer-settings'),
  });

export const ordersQuery = () =>
  queryOptions({ queryKey: ['orders'], queryFn: () => apiFetch<Order[]>('/api/orders') });

export function useScheduleData() {
  return {
    slots: useQuery(scheduleSlotsQuery()),
    settings: useQuery(dealerSettingsQuery()),
    orders: useQuery(ordersQuery()),
  };
}

export function saveDealerSettings(body: {
  availableDays: string[];
  deliveryHours: string;
  deliveryNotes: string | null;
}): Promise<ScheduleSettings> {
  return apiFetch<ScheduleSettings>('/api/dealer-settings', {
    method: 'PATCH',
    body: JSON.stringify(body),
  });
}

export function createSlot(slot: SlotCreation): Promise<ScheduleSlot> {
  return apiFetch<ScheduleSlot>('/api/schedule-slots', {
    method: 'POST',
    body: JSON.stringify(slot),
  });
}

export function deleteSlot(id: number): Promise<void> {
  return apiFetch<void>(`/api/schedule-slots/${id}`, { method: 'DELETE' });
}

export function updateOrderDelivery(
  id: number,
  body: { deliveryDate: string; deliveryTimeWindow: string; deliveryNotes: string | null },
): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${id}/delivery`, {
    method: 'PATCH',
    body: JSON.stringify(body),
  });
}

/** Which step of a plan failed, so the right toast is shown (spec §8 Schedule). */
export class PlanStepError extends Error {
  constructor(
    readonly step: 'create' | 'delete',
    readonly cause: unknown,
  ) {
    super(step === 'create' ? 'create failed' : 'delete failed');
  }

  /** 404/409: the slot list changed under us (spec: "Schedule data may be out of sync"). */
  get outOfSync(): boolean {
    return (
      this.cause instanceof ApiError && (this.cause.status === 404 || this.cause.status === 409)
    );
  }
}

/** Keeps the shared slot cache in step with what the server just confirmed. */
export function useSlotCache() {
  const client = useQueryClient();
  return {
    add(slot: ScheduleSlot) {
      client.setQueryData<ScheduleSlot[]>(['schedule-slots'], (list) =>
        list ? [...list.filter((s) => s.id !== slot.id), slot] : [slot],
      );
    },
    remove(id: number) {
      client.setQueryData<ScheduleSlot[]>(['schedule-slots'], (list) =>
        list?.filter((s) => s.id !== id),
      );
    },
    refetch: () =>
      client.refetchQueries({ queryKey: ['schedule-slots'], exact: true }, { throwOnError: true }),
    setSettings(settings: ScheduleSettings) {
      client.setQueryData(['dealer-settings'], settings);
    },
    setOrder(order: Order) {
      client.setQueryData<Order[]>(['orders'], (list) =>
        list?.map((o) => (o.id === order.id ? order : o)),
      );
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  };
}
