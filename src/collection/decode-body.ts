import { gunzipSync } from 'node:zlib';
import { InvalidGzipError } from '../errors/invalid-gzip-error.js';
import { InvalidJsonError } from '../errors/invalid-json-error.js';
import { RequestTooLargeError } from '../errors/request-too-large-error.js';
import { UnsupportedMediaTypeError } from '../errors/unsupported-media-type-error.js';
import { MAX_REQUEST_BYTES } from './collection-limits.js';

type HeaderValue = string | readonly string[] | undefined;

function first(value: HeaderValue): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

export interface DecodedBody {
  readonly value: unknown;
  /** UTF-8 bytes of the decoded JSON text. */
  readonly size: number;
  /**
   * False when no value inside can re-serialize longer than its text: JSON.stringify only ever grows a
   * number written with an exponent (1e21 -> 1e+21, 1e5 -> 100000). Then every event is at most `size`
   * bytes and the per-event size check can be skipped when `size` is under the event limit.
   */
  readonly mayExpand: boolean;
}

// A number with an exponent in value position (after : , or [). Conservative: it can also match inside
// a string such as "a,1e5", which only costs the slow path. Bare digit-e pairs are too common to test for
// (every hex messageId has them).
const EXPONENT = /[:,[]\s*-?[0-9]+(?:\.[0-9]+)?[eE]/;
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Turns the raw request bytes into a JSON value: checks Content-Type (application/json or text/plain,
 * which browser SDKs use to avoid CORS preflights), undoes gzip, enforces the 500 KiB request limit on the
 * decoded bytes, and parses.
 */
export function decodeBody(body: Uint8Array | string, contentType: HeaderValue, contentEncoding: HeaderValue): DecodedBody {
  const type = first(contentType)?.split(';')[0]?.trim().toLowerCase();
  if (type !== undefined && type !== '' && type !== 'application/json' && type !== 'text/plain') {
    throw new UnsupportedMediaTypeError('Content-Type', type, 'application/json or text/plain');
  }
  let bytes: Uint8Array | string = body;
  const encoding = first(contentEncoding)?.trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') {
    try {
      bytes = gunzipSync(typeof body === 'string' ? Buffer.from(body, 'latin1') : body, { maxOutputLength: MAX_REQUEST_BYTES + 1 });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new RequestTooLargeError(MAX_REQUEST_BYTES + 1, MAX_REQUEST_BYTES);
      throw new InvalidGzipError((error as Error).message);
    }
  } else if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    throw new UnsupportedMediaTypeError('Content-Encoding', encoding, 'gzip or no encoding');
  }
  const received = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  if (received > MAX_REQUEST_BYTES) throw new RequestTooLargeError(received, MAX_REQUEST_BYTES);
  const text = typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidJsonError((error as Error).message);
  }
  // Invalid UTF-8 decodes to U+FFFD (3 bytes per bad byte), so the text, not the raw bytes, bounds the events.
  // A lone surrogate (possible only in a string body) re-serializes as a 6-byte escape.
  const mayExpand = EXPONENT.test(text) || (typeof bytes === 'string' && SURROGATE.test(text));
  return { value, size: Buffer.byteLength(text), mayExpand };
}
