import { hoursLabel, isSpanWithinHours, isWithinHours } from './compliance/hours';
import type { LegalHours } from './compliance/rule-set';
import { ruleSetFor } from './compliance/rule-sets';
import {
  DEFAULT_SLOT_CAPACITY,
  OVERRIDE_MARKER,
  SCHEDULING_WINDOW_DAYS,
  type Weekday,
} from './constants';
import { weekdayOf } from './promotions';
import type { ScheduleSlot } from './schemas/schedule';
import type { DealerSettings } from './schemas/settings';
import { isStillBookable, type ShopClock } from './shop-clock';

export type AvailabilitySettings =
  | (Pick<DealerSettings, 'availableDays' | 'deliveryHours'> &
      Partial<Pick<DealerSettings, 'jurisdiction'>>)
  | null;
type SlotTimes = Pick<ScheduleSlot, 'startTime' | 'endTime'>;
type SlotLike = Pick<ScheduleSlot, 'date' | 'startTime' | 'endTime' | 'notes'> &
  Partial<Pick<ScheduleSlot, 'id' | 'maxOrders' | 'currentOrders'>>;

export interface SlotCreation {
  date: string;
  startTime: string;
  endTime: string;
  maxOrders: number;
  notes: string | null;
}

export interface SchedulePlan {
  create: SlotCreation[];
  delete: number[];
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Noon local time, so no time zone shifts the calendar day. */
export function parseDateOnly(s: string): Date {
  const match = DATE_ONLY.exec(s.trim());
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${s}`);
  const [, year, month, day] = match.map(Number);
  return new Date(year, month - 1, day, 12);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

export function formatDateOnly(d: Date): string {
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

export function addDays(dateStr: string, n: number): string {
  const date = parseDateOnly(dateStr);
  date.setDate(date.getDate() + n);
  return formatDateOnly(date);
}

/**
 * A calendar date's weekday never changes, while building its local Date is costly (the time
 * zone's rules are consulted): every same-day delivery asks it of today, so it is kept per date.
 */
const weekdaysByDate = new Map<string, Weekday>();
const KEPT_WEEKDAYS = 512;

export function weekdayOfDate(dateStr: string): Weekday {
  const kept = weekdaysByDate.get(dateStr);
  if (kept) return kept;
  const weekday = weekdayOf(parseDateOnly(dateStr));
  if (weekdaysByDate.size >= KEPT_WEEKDAYS) weekdaysByDate.clear();
  weekdaysByDate.set(dateStr, weekday);
  return weekday;
}

export function schedulingDates(today: string): string[] {
  return Array.from({ length: SCHEDULING_WINDOW_DAYS }, (_, i) => addDays(today, i));
}

export function windowLabel(slot: SlotTimes): string {
  return `${slot.startTime} - ${slot.endTime}`;
}

export function splitWindow(window: string): SlotTimes {
  const [startTime = '', endTime = ''] = window.split(' - ').map((part) => part.trim());
  return { startTime, endTime };
}

/** Minutes after midnight of "9:00 AM"-style times; NaN when unreadable. */
export function timeToMinutes(time: string): number {
  const match = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(time.trim());
  if (!match) return Number.NaN;
  const hours = (Number(match[1]) % 12) + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** Whether a delivery window ("7:00 PM - 9:00 PM") starts and ends within legal hours. */
export function isWindowWithinHours(window: string, hours: LegalHours | null): boolean {
  const { startTime, endTime } = splitWindow(window);
  return isSpanWithinHours(timeToMinutes(startTime), timeToMinutes(endTime), hours);
}

/** The legal hours of the settings' rule set; null = any time. */
export function legalHoursOf(settings: AvailabilitySettings): LegalHours | null {
  return ruleSetFor(settings?.jurisdiction).hours;
}

/**
 * Why same-day delivery is not taken now: under a rule set with legal hours,
 * only on the shop's delivery days and within the hours. Null when it is taken (always under
 * a rule set without hours, as the spec has it).
 */
export function sameDayClosedReason(
  settings: AvailabilitySettings,
  clock: ShopClock,
): string | null {
  const hours = legalHoursOf(settings);
  if (!hours) return null;
  if (!isWeekdayAvailable(clock.date, settings))
    return 'We don’t deliver today. Please choose a scheduled delivery window.';
  if (!isWithinHours(clock.minutes, hours))
    return `Same-day delivery runs ${hoursLabel(hours)}. Please choose a scheduled delivery window.`;
  return null;
}

/** When a window starts, in minutes after midnight; unreadable labels sort last. */
export function windowStartMinutes(window: string): number {
  const minutes = timeToMinutes(splitWindow(window).startTime);
  return Number.isNaN(minutes) ? Number.POSITIVE_INFINITY : minutes;
}

/** Unique windows by start time; unreadable labels last, in their given order. */
export function sortWindows(windows: readonly string[]): string[] {
  return [...new Set(windows)].sort((a, b) => windowStartMinutes(a) - windowStartMinutes(b) || 0);
}

export function parseDeliveryHours(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

export function isOverrideMarker(slot: Pick<ScheduleSlot, 'notes'>): boolean {
  return slot.notes === OVERRIDE_MARKER.notes;
}

export function isDateOverridden(date: string, slots: readonly SlotLike[]): boolean {
  return slots.some((slot) => slot.date === date && isOverrideMarker(slot));
}

function explicitSlotsOn<S extends SlotLike>(date: string, slots: readonly S[]): S[] {
  return slots.filter((slot) => slot.date === date && !isOverrideMarker(slot));
}

function hasRoom(slot: SlotLike): boolean {
  return (slot.currentOrders ?? 0) < (slot.maxOrders ?? DEFAULT_SLOT_CAPACITY);
}

export function isWeekdayAvailable(date: string, settings: AvailabilitySettings): boolean {
  const weekday = weekdayOfDate(date);
  return (settings?.availableDays ?? []).some((day) => day.trim().toLowerCase() === weekday);
}

/** The weekly windows of the dealer settings, ignoring date-specific slots. */
export function weeklyWindows(date: string, settings: AvailabilitySettings): string[] {
  if (!isWeekdayAvailable(date, settings)) return [];
  return sortWindows(parseDeliveryHours(settings?.deliveryHours));
}

/**
 * Windows a shopper may pick on a date (spec §4, §9): a date with explicit slots uses
 * only those (full ones left out); else an overridden date has none; else the weekly hours.
 * Under a rule set with legal hours, windows outside them are never offered.
 */
export function availableWindows(
  date: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
  clock?: ShopClock,
): string[] {
  const explicit = explicitSlotsOn(date, slots);
  const windows =
    explicit.length > 0
      ? sortWindows(explicit.filter(hasRoom).map(windowLabel))
      : isDateOverridden(date, slots)
        ? []
        : weeklyWindows(date, settings);
  const hours = legalHoursOf(settings);
  const legal = hours ? windows.filter((window) => isWindowWithinHours(window, hours)) : windows;
  // with the shop's clock: nothing that has started or starts too soon to deliver
  if (!clock) return legal;
  return legal.filter((window) =>
    isStillBookable(date, timeToMinutes(splitWindow(window).startTime), clock),
  );
}

export function isWindowOffered(
  date: string,
  window: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
  clock?: ShopClock,
): boolean {
  return availableWindows(date, slots, settings, clock).includes(window);
}

export function explicitSlotFor<S extends SlotLike>(
  date: string,
  window: string,
  slots: readonly S[],
): S | undefined {
  return explicitSlotsOn(date, slots).find((slot) => windowLabel(slot) === window);
}

export function availableDates(
  today: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
  clock?: ShopClock,
): string[] {
  return schedulingDates(today).filter(
    (date) => availableWindows(date, slots, settings, clock).length > 0,
  );
}

export function firstAvailableDate(
  today: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
  clock?: ShopClock,
): string | null {
  return availableDates(today, slots, settings, clock)[0] ?? null;
}

// Day-schedule plans for the Schedule Manager (spec §4 "Day schedule").

export function overrideMarkerFor(date: string): SlotCreation {
  return {
    date,
    startTime: OVERRIDE_MARKER.startTime,
    endTime: OVERRIDE_MARKER.endTime,
    maxOrders: OVERRIDE_MARKER.maxOrders,
    notes: OVERRIDE_MARKER.notes,
  };
}

export function slotCreationFor(date: string, window: string): SlotCreation {
  return { date, ...splitWindow(window), maxOrders: DEFAULT_SLOT_CAPACITY, notes: null };
}

const NOTHING: SchedulePlan = { create: [], delete: [] };

function idsOf(slots: readonly SlotLike[]): number[] {
  return slots.map((slot) => slot.id).filter((id): id is number => typeof id === 'number');
}

/** The date follows the weekly schedule: weekday available, no marker, no explicit slot. */
export function followsWeeklySchedule(
  date: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
): boolean {
  return (
    isWeekdayAvailable(date, settings) &&
    !isDateOverridden(date, slots) &&
    explicitSlotsOn(date, slots).length === 0
  );
}

export function planOverride(date: string, slots: readonly SlotLike[]): SchedulePlan {
  if (isDateOverridden(date, slots)) return NOTHING;
  return { create: [overrideMarkerFor(date)], delete: [] };
}

/** Restoring (or clearing a custom day) deletes every slot of the date. */
export function planRestore(date: string, slots: readonly SlotLike[]): SchedulePlan {
  return { create: [], delete: idsOf(slots.filter((slot) => slot.date === date)) };
}

export function planUncheckWindow(
  date: string,
  window: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
): SchedulePlan {
  const explicit = explicitSlotFor(date, window, slots);
  if (explicit) return planDeleteExplicit(date, explicit, slots, settings);
  if (!followsWeeklySchedule(date, slots, settings)) return NOTHING;
  const weekly = weeklyWindows(date, settings);
  if (!weekly.includes(window)) return NOTHING;
  const others = weekly.filter((w) => w !== window).map((w) => slotCreationFor(date, w));
  return { create: [overrideMarkerFor(date), ...others], delete: [] };
}

/**
 * Deleting the last explicit slot of an available weekday would bring the weekly windows
 * back, so the marker is added to keep the day as the dealer left it.
 */
function planDeleteExplicit(
  date: string,
  slot: SlotLike,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
): SchedulePlan {
  const isLast = explicitSlotsOn(date, slots).length === 1;
  const needsMarker =
    isLast && isWeekdayAvailable(date, settings) && !isDateOverridden(date, slots);
  return { create: needsMarker ? [overrideMarkerFor(date)] : [], delete: idsOf([slot]) };
}

/**
 * Checking a window adds an explicit slot. On a day still following the weekly schedule
 * the marker comes first, and the weekly windows are written out too so none disappears.
 */
export function planCheckWindow(
  date: string,
  window: string,
  slots: readonly SlotLike[],
  settings: AvailabilitySettings,
): SchedulePlan {
  if (explicitSlotFor(date, window, slots)) return NOTHING;
  if (!followsWeeklySchedule(date, slots, settings)) {
    const needsMarker = isWeekdayAvailable(date, settings) && !isDateOverridden(date, slots);
    const marker = needsMarker ? [overrideMarkerFor(date)] : [];
    return { create: [...marker, slotCreationFor(date, window)], delete: [] };
  }
  const weekly = weeklyWindows(date, settings);
  if (weekly.includes(window)) return NOTHING;
  const windows = sortWindows([...weekly, window]);
  return {
    create: [overrideMarkerFor(date), ...windows.map((w) => slotCreationFor(date, w))],
    delete: [],
  };
}
