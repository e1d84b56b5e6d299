import { describe, expect, it } from 'vitest';
import { availableDates, availableWindows } from './availability';
import {
  formattedClock,
  isStillBookable,
  isTimeZone,
  localDateTime,
  MONTH_NAMES,
  nextDate,
  rememberShopClock,
  rememberZoneOffset,
  shopClock,
  shopDayStart,
  shortDateLabel,
  zoneOffsetSpan,
} from './shop-clock';

const settings = {
  availableDays: ['Monday', 'Tuesday'],
  deliveryHours: JSON.stringify(['9:00 AM - 11:00 AM', '11:00 AM - 1:00 PM', '5:00 PM - 7:00 PM']),
};

describe("the shop's clock", () => {
  it("reads the date and time of day in the shop's zone", () => {
    const instant = new Date('2026-12-01T01:00:00Z');
    expect(shopClock(instant, 'UTC')).toEqual({ date: '2026-12-01', minutes: 60 });
    expect(shopClock(instant, 'America/New_York')).toEqual({
      date: '2026-11-30',
      minutes: 20 * 60,
    });
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('reads each zone and each second anew although it reuses readings within one second', () => {
    const lastMs = new Date('2026-12-01T04:59:59.999Z');
    const nextSecond = new Date('2026-12-01T05:00:00.000Z');
    const newYork = shopClock(lastMs, 'America/New_York');
    expect(newYork).toEqual({ date: '2026-11-30', minutes: 23 * 60 + 59 });
    expect(shopClock(lastMs, 'UTC')).toEqual({ date: '2026-12-01', minutes: 4 * 60 + 59 });
    newYork.minutes = 0; // a caller changing its copy does not change the next reading
    expect(shopClock(new Date('2026-12-01T04:59:59.001Z'), 'America/New_York').minutes).toBe(
      23 * 60 + 59,
    );
    expect(shopClock(nextSecond, 'America/New_York')).toEqual({ date: '2026-12-01', minutes: 0 });
  });

  it("answers the server's reading for the second it was made, in its zone only", () => {
    const rendered = new Date('2026-12-02T10:15:30.250Z');
    const server = { date: '2026-12-02', minutes: 2 * 60 + 15 };
    rememberShopClock(rendered, 'America/Los_Angeles', server);
    server.minutes = 0; // the caller's object is not kept
    expect(shopClock(new Date('2026-12-02T10:15:30.900Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-12-02',
      minutes: 2 * 60 + 15,
    });
    // a reading the browser's own formatter would not make (Denver is UTC-7): proof it was used
    rememberShopClock(rendered, 'America/Denver', { date: '2030-01-01', minutes: 1 });
    expect(shopClock(rendered, 'America/Denver')).toEqual({ date: '2030-01-01', minutes: 1 });
    expect(shopClock(new Date('2026-12-02T10:15:31Z'), 'America/Denver')).toEqual({
      date: '2026-12-02',
      minutes: 3 * 60 + 15,
    });
    expect(shopClock(rendered, 'UTC')).toEqual({ date: '2026-12-02', minutes: 10 * 60 + 15 });
  });

  it('keeps a window of today bookable until an hour before it starts', () => {
    const clock = { date: '2026-11-30', minutes: 10 * 60 };
    expect(isStillBookable('2026-11-30', 11 * 60, clock)).toBe(true);
    expect(isStillBookable('2026-11-30', 11 * 60 - 1, clock)).toBe(false);
    expect(isStillBookable('2026-11-29', 23 * 60, clock)).toBe(false);
    expect(isStillBookable('2026-12-01', 0, clock)).toBe(true);
  });

  it("offers only today's windows that can still be delivered, and drops today once none can", () => {
    // Monday 30 November at 10:15
    const morning = { date: '2026-11-30', minutes: 10 * 60 + 15 };
    expect(availableWindows('2026-11-30', [], settings, morning)).toEqual(['5:00 PM - 7:00 PM']);
    expect(availableWindows('2026-11-30', [], settings)).toHaveLength(3);
    expect(availableWindows('2026-12-01', [], settings, morning)).toHaveLength(3);
    const evening = { date: '2026-11-30', minutes: 16 * 60 + 30 };
    expect(availableDates('2026-11-30', [], settings, evening)[0]).toBe('2026-12-01');
  });
});

describe('the instant a shop day begins (the Activity filter)', () => {
  it('is midnight in the shop zone, across daylight-saving changes', () => {
    expect(shopDayStart('2026-11-25', 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-25T08:00:00.000Z',
    );
    expect(shopDayStart('2026-07-04', 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-04T07:00:00.000Z',
    );
    // the day clocks spring forward, midnight is still PST
    expect(shopDayStart('2026-03-08', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(shopDayStart('2026-11-25', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-24T10:00:00.000Z',
    );
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe("a zone's offset span (the browser's clock without a formatter)", () => {
  const DAY = 86_400_000;

  it('ends at the minute the clocks change, and reaches two weeks where they do not', () => {
    const beforeFallBack = zoneOffsetSpan(new Date('2026-10-25T12:00:00Z'), 'America/Los_Angeles');
    expect(beforeFallBack).toEqual({
      offsetMinutes: -7 * 60,
      from: Date.parse('2026-10-25T12:00:00Z') - 14 * DAY,
      until: Date.parse('2026-11-01T09:00:00Z'),
    });
    const afterFallBack = zoneOffsetSpan(new Date('2026-11-05T12:00:00Z'), 'America/Los_Angeles');
    expect(afterFallBack).toEqual({
      offsetMinutes: -8 * 60,
      from: Date.parse('2026-11-01T09:00:00Z'),
      until: Date.parse('2026-11-05T12:00:00Z') + 14 * DAY,
    });
  });

  it('tells the same time as the zone itself everywhere inside the span, half-hour zones too', () => {
    for (const [at, timeZone] of [
      ['2026-04-01T00:00:00Z', 'Australia/Lord_Howe'],
      ['2026-03-01T20:00:00Z', 'America/Los_Angeles'],
      ['2026-11-26T23:59:30Z', 'Asia/Kolkata'],
    ] as const) {
      const span = zoneOffsetSpan(new Date(at), timeZone);
      rememberZoneOffset(timeZone, span);
      const instants = [span.from, Date.parse(at), span.until - 60_000, span.until - 1];
      for (let step = 0; step < 40; step += 1)
        instants.push(span.from + Math.floor(((span.until - span.from) * step) / 40) + 17_321);
      for (const instant of instants.filter((t) => t < span.until))
        expect(shopClock(new Date(instant), timeZone), `${timeZone} ${instant}`).toEqual(
          formattedClock(new Date(instant), timeZone),
        );
      // past its end the zone is read with a formatter again
      expect(shopClock(new Date(span.until + 3_600_000), timeZone)).toEqual(
        formattedClock(new Date(span.until + 3_600_000), timeZone),
      );
    }
  });
});

describe('localDateTime', () => {
  it('reads the wall clock to the second on both sides of a change to daylight time', () => {
    const zone = 'America/Los_Angeles';
    expect(localDateTime(new Date('2026-03-08T09:59:59Z'), zone)).toBe('2026-03-08T01:59:59');
    expect(localDateTime(new Date('2026-03-08T10:00:00Z'), zone)).toBe('2026-03-08T03:00:00');
  });

  it('crosses the date line and keeps half-hour zones', () => {
    expect(localDateTime(new Date('2026-11-28T23:59:59Z'), 'Pacific/Kiritimati')).toBe(
      '2026-11-29T13:59:59',
    );
    expect(localDateTime(new Date('2026-06-01T12:00:00Z'), 'Asia/Kolkata')).toBe(
      '2026-06-01T17:30:00',
    );
  });
});

describe('shortDateLabel', () => {
  it.each(MONTH_NAMES.map((_, index) => `2026-${String(index + 1).padStart(2, '0')}-09`))(
    'writes %s as en-US writes a short date',
    (day) => {
      const expected = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(shortDateLabel(day)).toBe(expected);
    },
  );

  it('drops the leading zero of the day', () => {
    expect(shortDateLabel('2025-03-04')).toBe('Mar 4, 2025');
  });

  it('leaves a value that is no calendar day as it is', () => {
    expect(shortDateLabel('2025-13-04')).toBe('2025-13-04');
    expect(shortDateLabel('soon')).toBe('soon');
  });
});
