import type { ScheduleSlot } from '../../../shared/schemas/schedule';
import type { ScheduleSlotRow } from '../../db/schema';

export function slotFromRow(row: ScheduleSlotRow): ScheduleSlot {
  return {
    id: row.id,
    date: row.date,
    startTime: row.start_time,
    endTime: row.end_time,
    maxOrders: row.max_orders,
    currentOrders: row.current_orders,
    notes: row.notes,
  };
}
