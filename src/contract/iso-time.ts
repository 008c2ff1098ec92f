// Times on the wire (rule 2.2): ISO 8601, UTC, with milliseconds, `YYYY-MM-DDTHH:mm:ss.sssZ`. Every part
// that writes or normalises a time goes through here: the collection API, the client, the dispatcher.

const DAY_MS = 86_400_000;
// Dates from 1970-01-01 up to the end of year 9999 have the plain YYYY-MM-DDTHH:mm:ss.sssZ form.
const FAST_LIMIT_MS = 253_402_300_800_000;
const UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let cachedDay = Number.NaN;
let cachedPrefix = '';
// The last answer: a busy dispatcher stamps many attempts, and the collection API many events, in one millisecond.
let lastMs = Number.NaN;
let lastIso = '';

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()` for the hot paths (every event received, every attempt recorded), which format
 * times of the same day over and over: the date part is cached per day, and only the time of day is formatted per
 * call. Undefined for a time no Date can hold.
 */
export function toIsoTime(ms: number): string | undefined {
  if (!(ms >= 0 && ms < FAST_LIMIT_MS)) {
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  if (ms === lastMs) return lastIso;
  const whole = Math.floor(ms);
  const day = Math.floor(whole / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = whole - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  lastIso = `${cachedPrefix}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
  lastMs = ms;
  return lastIso;
}

// The last text parseTime read: the events of one request (and of a burst of requests) mostly carry the same time.
let lastParsedText: string | undefined;
let lastParsedMs = Number.NaN;

/**
 * `Date.parse(text)`, remembering the last answer: the collection API parses each event's timestamp, and the events
 * of a batch sent by an SDK in one millisecond carry the same text.
 */
export function parseTime(text: string): number {
  if (text === lastParsedText) return lastParsedMs;
  lastParsedMs = Date.parse(text);
  lastParsedText = text;
  return lastParsedMs;
}

/** `toIsoTime` for a time known to be valid (a clock's now): throws a RangeError as Date#toISOString does otherwise. */
export function isoTime(ms: number): string {
  const iso = toIsoTime(ms);
  if (iso === undefined) throw new RangeError(`${ms} is not a time a Date can hold`);
  return iso;
}

/** True when `text` is already the wire form (UTC, three digits of milliseconds). */
export function isUtcMillisTime(text: string): boolean {
  return UTC_MILLIS.test(text);
}

/** Any time `Date.parse` reads, in the wire form; the text itself when it is already; undefined when unreadable. */
export function canonicalTime(text: string): string | undefined {
  if (isUtcMillisTime(text)) return text;
  return toIsoTime(Date.parse(text));
}
