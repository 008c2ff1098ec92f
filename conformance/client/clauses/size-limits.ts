import { MAX_EVENT_BYTES } from '../../../src/index.js';
import type { CallSpec } from '../client-calls.js';

// rule 4.2 and 8: a batch request at most 500 KB, a single call at most 32 KB: the service's own limits.
export { MAX_EVENT_BYTES, MAX_REQUEST_BYTES } from '../../../src/index.js';

export const tracks = (sizes: readonly number[], char: string): CallSpec[] =>
  sizes.map((padTo) => ({ op: 'track', identity: 'userId', data: {}, padTo, padChar: char }));

export const describeChar = (char: string) =>
  `${JSON.stringify(char)} (${Buffer.byteLength(char)} byte${Buffer.byteLength(char) === 1 ? '' : 's'} in UTF-8)`;

/** Bytes of `json` with every non-ASCII UTF-16 unit escaped as \uXXXX (Python's json.dumps by default). */
function asciiEscapedBytes(json: string): number {
  let bytes = 0;
  for (let i = 0; i < json.length; i++) bytes += json.charCodeAt(i) < 0x80 ? 1 : 6;
  return bytes;
}

/** When the refused JSON is over the limit once escaped to ASCII: that miscount, and its fix. */
export function escapedHint(json: string): string {
  const escaped = asciiEscapedBytes(json);
  return escaped > MAX_EVENT_BYTES
    ? ` If your client escapes non-ASCII (\\u00e9 for each such character, as Python's json.dumps does by default), that is the miscount: escaped, the same JSON is ${escaped} bytes, but the limit counts the event's UTF-8 (Python: len(json.dumps(message, ensure_ascii=False).encode("utf-8"))).`
    : '';
}
