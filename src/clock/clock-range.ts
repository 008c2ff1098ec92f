import { ClockOutOfRangeError } from '../errors/clock-errors.js';

/**
 * The latest time a clock may show: 9999-12-31T23:59:59.999Z. Every time the mock writes (receivedAt,
 * attempt times, retry due dates) is ISO 8601 with a four-digit year; past it Date#toISOString writes
 * extended years (+010000-...) that receivers' parsers refuse, and past 8.64e15 ms it throws. Retries and
 * timeouts are due at most hours after now, so they stay formattable too.
 */
export const MAX_CLOCK_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The earliest: 0000-01-01T00:00:00.000Z. */
export const MIN_CLOCK_TIME = -62_167_219_200_000;

const describe = (value: unknown): string =>
  typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));

/** A number of milliseconds `name` from `now`: finite, >= 0, and landing no later than MAX_CLOCK_TIME. */
export function checkClockAmount(name: string, ms: unknown, now: number): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    throw new ClockOutOfRangeError(`${name} must be a finite number of milliseconds >= 0; received ${describe(ms)}`);
  }
  const room = MAX_CLOCK_TIME - now;
  if (ms > room) {
    throw new ClockOutOfRangeError(
      `${name} of ${describe(ms)} ms would move the clock past ${new Date(MAX_CLOCK_TIME).toISOString()}, the latest time it can write; at most ${room} ms from ${new Date(now).toISOString()}`,
    );
  }
  return ms;
}

/** An epoch millisecond (or Date) the clock may show: between year 0000 and 9999. */
export function checkClockTime(name: string, time: unknown): number {
  const ms = time instanceof Date ? time.getTime() : time;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < MIN_CLOCK_TIME || ms > MAX_CLOCK_TIME) {
    throw new ClockOutOfRangeError(
      `${name} must be a time between ${new Date(MIN_CLOCK_TIME).toISOString()} and ${new Date(MAX_CLOCK_TIME).toISOString()}; received ${describe(time instanceof Date ? time.toString() : time)}`,
    );
  }
  return ms;
}
