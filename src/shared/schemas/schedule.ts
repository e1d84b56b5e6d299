/** Delivery schedule slots: the slot form and the slot as the API answers it. */

import { z } from 'zod';
import { DEFAULT_SLOT_CAPACITY } from '../constants';
import { emptyOrNumber, isCalendarDate, optionalNote, requiredText } from './fields';

export const INVALID_SLOT = 'Invalid slot: Please fill in all required fields with valid values.';

export const CLOCK_TIME = /^(1[0-2]|0?[1-9]):([0-5]\d)\s?([AaPp][Mm])$/;

/** "9:00 AM" style, normalised to "9:00 AM" (no leading zero, upper-case meridiem). */
export const clockTime = requiredText(20)
  .refine((v) => CLOCK_TIME.test(v), 'must be a time like 9:00 AM')
  .transform((v) => {
    const [, h, m, meridiem] = CLOCK_TIME.exec(v)!;
    return `${Number(h)}:${m} ${meridiem.toUpperCase()}`;
  });

/** Slot creation (spec §5); currentOrders is not settable and is ignored. */
export const scheduleSlotSchema = z.object({
  date: requiredText(10).refine(isCalendarDate, 'must be a date (YYYY-MM-DD)'),
  startTime: clockTime,
  endTime: clockTime,
  maxOrders: z
    .preprocess(
      emptyOrNumber,
      z
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(10_000, 'is too large')
        .nullable(),
    )
    .transform((v) => v ?? DEFAULT_SLOT_CAPACITY),
  notes: optionalNote(500),
});

export type ScheduleSlotBody = z.input<typeof scheduleSlotSchema>;

export const scheduleSlotResponse = z
  .object({
    id: z.number().int(),
    date: z.string().describe('YYYY-MM-DD'),
    startTime: z.string().describe('e.g. 9:00 AM'),
    endTime: z.string(),
    maxOrders: z.number().int(),
    currentOrders: z.number().int(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'ScheduleSlot' });

export type ScheduleSlot = z.output<typeof scheduleSlotResponse>;
