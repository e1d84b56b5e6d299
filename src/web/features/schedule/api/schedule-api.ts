/**
 * The Schedule Manager's calls (spec §7). It reads the registry's slots, settings and orders,
 * the same cache entries as the checkout and the dashboard, so the /ws bridge and every
 * screen see one copy of the data.
 */
import type { SlotCreation } from '@shared/availability';
import type { Order, orderDeliverySchema } from '@shared/schemas/orders';
import type { ScheduleSlot } from '@shared/schemas/schedule';
import type { DealerSettings, DealerSettingsBody } from '@shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dealerSettingsQueryOptions, useDealerSettings } from '@web/api/get-dealer-settings';
import { ordersQueryOptions, useOrders } from '@web/api/get-orders';
import {
  scheduleSlotKeys,
  scheduleSlotsQueryOptions,
  useScheduleSlots,
} from '@web/api/get-schedule-slots';
import { ApiError, apiFetch, sendJson } from '@web/lib/api-client';
import { noticeToChannel } from '@web/lib/channel-notices';
import type { z } from 'zod';

export type ScheduleSettings = Pick<
  DealerSettings,
  'availableDays' | 'deliveryHours' | 'deliveryNotes'
>;

export function useScheduleData() {
  return { slots: useScheduleSlots(), settings: useDealerSettings(), orders: useOrders() };
}

export async function saveDealerSettings(body: DealerSettingsBody): Promise<DealerSettings> {
  const saved = await sendJson<DealerSettings>('PATCH', '/api/dealer-settings', body);
  noticeToChannel('dealer-settings-updated', saved);
  return saved;
}

export async function createSlot(slot: SlotCreation): Promise<ScheduleSlot> {
  const created = await sendJson<ScheduleSlot>('POST', '/api/schedule-slots', slot);
  noticeToChannel('schedule-slot-created', created);
  return created;
}

export async function deleteSlot(id: number): Promise<void> {
  await apiFetch<void>(`/api/schedule-slots/${id}`, { method: 'DELETE' });
  noticeToChannel('schedule-slot-deleted', { id });
}

export type DeliveryUpdate = z.input<typeof orderDeliverySchema>;

export function updateOrderDelivery(id: number, delivery: DeliveryUpdate): Promise<Order> {
  return sendJson<Order>('PATCH', `/api/orders/${id}/delivery`, delivery);
}

/**
 * Moving a delivery changes the order and the booked counts of two slots: the orders list
 * takes the answer, and the slots are fetched again so "x/y booked" never goes stale.
 */
export function useUpdateOrderDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, delivery }: { id: number; delivery: DeliveryUpdate }) =>
      updateOrderDelivery(id, delivery),
    onSuccess: (order) => {
      client.setQueryData(ordersQueryOptions().queryKey, (list) =>
        list?.map((o) => (o.id === order.id ? order : o)),
      );
      void client.invalidateQueries({ queryKey: scheduleSlotKeys.all });
    },
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
      client.setQueryData(scheduleSlotsQueryOptions().queryKey, (list) =>
        list ? [...list.filter((s) => s.id !== slot.id), slot] : [slot],
      );
    },
    remove(id: number) {
      client.setQueryData(scheduleSlotsQueryOptions().queryKey, (list) =>
        list?.filter((s) => s.id !== id),
      );
    },
    refetch: () =>
      client.refetchQueries(
        { queryKey: scheduleSlotKeys.all, exact: true },
        { throwOnError: true },
      ),
    setSettings(settings: DealerSettings) {
      client.setQueryData(dealerSettingsQueryOptions().queryKey, settings);
    },
  };
}
