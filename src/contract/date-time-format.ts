import formats from 'ajv-formats/dist/formats.js';

type FormatDefinition = {
  validate: (value: string) => boolean;
  compare?: (a: string, b: string) => number | undefined;
};

/** ajv-formats' own check (RFC 3339 date-time, zone required), for everything the fast path does not settle. */
const fullDateTime = (formats as unknown as { fullFormats: Record<string, FormatDefinition> }).fullFormats[
  'date-time'
] as FormatDefinition;

/** Where `YYYY-MM-DDTHH:MM:SS` has its digits. */
const DIGIT_PLACES = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isDigit = (code: number) => code >= 48 && code <= 57;
const two = (s: string, at: number) => (s.charCodeAt(at) - 48) * 10 + (s.charCodeAt(at + 1) - 48);

/** `YYYY-MM-DDTHH:MM:SS[.fraction]Z` by its characters: digits, separators, an optional fraction, the Z. */
function hasCanonicalShape(s: string): boolean {
  const n = s.length;
  if (n < 20 || s.charCodeAt(n - 1) !== 90 /* Z */) return false;
  for (let i = 0; i < DIGIT_PLACES.length; i++) if (!isDigit(s.charCodeAt(DIGIT_PLACES[i] as number))) return false;
  if (
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 /* T */ ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  )
    return false;
  if (n === 20) return true;
  if (s.charCodeAt(19) !== 46 /* . */ || n === 21) return false;
  for (let at = 20; at < n - 1; at++) if (!isDigit(s.charCodeAt(at))) return false;
  return true;
}

/** A real calendar date (leap years included) and a time before 24:00, in a text of the canonical shape. */
function isRealDateTime(s: string): boolean {
  const year = two(s, 0) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] ?? 0))) return false;
  return two(s, 11) <= 23 && two(s, 14) <= 59 && two(s, 17) <= 59;
}

/**
 * True for the form every SDK sends, `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, with a real calendar date and a time
 * before 24:00 (no leap second). Checked by character codes: it runs for every event the collection API takes,
 * and ajv-formats' regex and split allocate on each call. It only ever answers true where ajv-formats does;
 * anything else (offsets, lower-case or space separators, leap seconds, malformed text) goes to ajv-formats, so
 * the format's meaning is exactly ajv-formats' date-time.
 */
export function isCanonicalUtcDateTime(s: string): boolean {
  return hasCanonicalShape(s) && isRealDateTime(s);
}

// The last text found valid: the events of a batch an SDK sent in one millisecond carry the same timestamp.
let lastValid: string | undefined;

/** The `date-time` format the generated validators use: the last valid text, the fast path, then ajv-formats. */
export const dateTimeFormat: FormatDefinition = {
  validate: (value) => {
    if (value === lastValid) return true;
    const valid = isCanonicalUtcDateTime(value) || fullDateTime.validate(value);
    if (valid) lastValid = value;
    return valid;
  },
  ...(fullDateTime.compare !== undefined ? { compare: fullDateTime.compare } : {}),
};
