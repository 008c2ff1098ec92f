// PostgreSQL's text refuses the NUL character ("invalid byte sequence for encoding UTF8: 0x00"), and one such
// value failed the whole flush it was in: every request of that flush answered 503 and was sent again, failing
// again. A value holding NUL (or starting with the marker) is stored as the marker and its JSON text, which has
// none; everything else is stored as it is, so SQL over the columns still reads plain values.
const MARKER = '\u0001json:';

/** The value as a text column can hold it, losslessly. */
export function toStoredText(value: string): string;
export function toStoredText(value: string | null): string | null;
export function toStoredText(value: string | null): string | null {
  if (value === null || (!value.includes('\u0000') && !value.startsWith(MARKER))) return value;
  return MARKER + JSON.stringify(value);
}

/** The value toStoredText stored. */
export function fromStoredText(text: string): string;
export function fromStoredText(text: string | null): string | null;
export function fromStoredText(text: string | null): string | null {
  return text?.startsWith(MARKER) === true ? (JSON.parse(text.slice(MARKER.length)) as string) : text;
}
