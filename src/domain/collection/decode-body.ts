import { gunzipSync } from 'node:zlib';
import {
  InvalidGzipError,
  InvalidJsonError,
  RequestTooLargeError,
  UnsupportedMediaTypeError,
  JsonTooDeepError,
} from '../../errors/collection-errors.js';
import { MAX_REQUEST_BYTES } from '../../contract/spec-limits.js';
import { jsonTextDepth, jsonValueDepth, MAX_JSON_DEPTH } from '../../contract/json-depth.js';

type HeaderValue = string | readonly string[] | undefined;

function first(value: HeaderValue): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

export interface DecodedBody {
  readonly value: unknown;
  /** UTF-8 bytes of the decoded JSON text. */
  readonly size: number;
  /** The decoded JSON text. */
  readonly text: string;
  /** The body came as a string (it may then hold lone surrogates, which bytes never decode to). */
  readonly fromString: boolean;
  /** The UTF-8 bytes the text was decoded from (after gzip), or undefined when the body came as a string. */
  readonly bytes: Uint8Array | undefined;
}

// A number with an exponent in value position (after : , or [). Conservative: it can also match inside
// a string such as "a,1e5", which only costs the slow path. Bare digit-e pairs are too common to test for
// (every hex messageId has them).
const EXPONENT = /[:,[]\s*-?[0-9]+(?:\.[0-9]+)?[eE]/;
const SURROGATE = /[\uD800-\uDFFF]/;
/** A value re-serializes at most this many times longer than its UTF-8 text (1e20 -> 100000000000000000000). */
export const MAX_RESERIALIZED_GROWTH = 5.25;
/**
 * Bodies up to this many characters are parsed before their depth is measured. The worst such body, 8,192 brackets
 * deep, takes V8 about 2 ms to parse here: no more than a valid batch of the largest size costs.
 */
const DEPTH_AFTER_PARSE_CHARS = 16 * 1024;

/**
 * False when no value inside the decoded text can re-serialize longer than the text: JSON.stringify only
 * grows a number written with an exponent (1e21 -> 1e+21, 1e5 -> 100000) and a lone surrogate (3 bytes
 * of text, a 6-byte escape), which only a string body can hold.
 */
export function mayReserializeLonger(decoded: DecodedBody): boolean {
  return EXPONENT.test(decoded.text) || (decoded.fromString && SURROGATE.test(decoded.text));
}

export interface DecodeOptions {
  /**
   * Parse the body as JSON whatever its Content-Type, as the real service does (@rudderstack/rudder-sdk-node
   * sends gzip JSON as application/x-www-form-urlencoded). Without it (strict mode) only application/json and
   * text/plain are read and anything else is a 415.
   */
  readonly anyMediaType?: boolean;
}

/** The media type a request names (lower case, without parameters), or undefined when it names none. */
export function requestMediaType(contentType: HeaderValue): string | undefined {
  return first(contentType)?.split(';')[0]?.trim().toLowerCase();
}

/** Strict mode reads only application/json and text/plain (which browser SDKs send to avoid a preflight): else 415. */
export function refuseUnreadMediaType(type: string | undefined): void {
  if (type !== undefined && type !== '' && type !== 'application/json' && type !== 'text/plain')
    throw new UnsupportedMediaTypeError('Content-Type', type, 'application/json or text/plain');
}

/** The body with its Content-Encoding undone: gzip (bounded to the request limit), or none. */
function undoEncoding(body: Uint8Array | string, contentEncoding: HeaderValue): Uint8Array | string {
  const encoding = first(contentEncoding)?.trim().toLowerCase();
  if (encoding === undefined || encoding === '' || encoding === 'identity') return body;
  if (encoding !== 'gzip' && encoding !== 'x-gzip')
    throw new UnsupportedMediaTypeError('Content-Encoding', encoding, 'gzip or no encoding');
  try {
    return gunzipSync(typeof body === 'string' ? Buffer.from(body, 'latin1') : body, {
      maxOutputLength: MAX_REQUEST_BYTES + 1,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new RequestTooLargeError(MAX_REQUEST_BYTES + 1, MAX_REQUEST_BYTES);
    throw new InvalidGzipError((error as Error).message);
  }
}

/**
 * Turns the raw request bytes into a JSON value: checks Content-Type (application/json or text/plain,
 * which browser SDKs use to avoid CORS preflights, unless any type is read), undoes gzip, enforces the
 * 500 KiB request limit on the decoded bytes, and parses.
 */
export function decodeBody(
  body: Uint8Array | string,
  contentType: HeaderValue,
  contentEncoding: HeaderValue,
  options: DecodeOptions = {},
): DecodedBody {
  if (options.anyMediaType !== true) refuseUnreadMediaType(requestMediaType(contentType));
  const bytes = undoEncoding(body, contentEncoding);
  const received = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  if (received > MAX_REQUEST_BYTES) throw new RequestTooLargeError(received, MAX_REQUEST_BYTES);
  const text =
    typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // Bounded before anything downstream (validation, enrichment, signing, a receiver) meets a deeper body. A small
  // body is parsed first and its parsed value walked: V8's JSON.parse does not recurse, and walking the objects
  // costs a quarter of scanning the text string by string. A larger one is scanned before parsing, so a body of
  // brackets nested a hundred thousand deep is refused without building them.
  const walkParsed = text.length <= DEPTH_AFTER_PARSE_CHARS;
  if (!walkParsed) {
    const depth = jsonTextDepth(text);
    if (depth > MAX_JSON_DEPTH) throw new JsonTooDeepError(depth, MAX_JSON_DEPTH);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const type = first(contentType);
    throw new InvalidJsonError(
      `${(error as Error).message}${type !== undefined && !/json|text\/plain/i.test(type) ? ` (the body came as ${type}; the collection API reads every body as JSON)` : ''}`,
    );
  }
  if (walkParsed && jsonValueDepth(value, MAX_JSON_DEPTH + 1) > MAX_JSON_DEPTH)
    throw new JsonTooDeepError(jsonTextDepth(text), MAX_JSON_DEPTH);
  // Invalid UTF-8 decodes to U+FFFD (3 bytes per bad byte), so the text, not the raw bytes, bounds the events.
  return typeof bytes === 'string'
    ? { value, size: Buffer.byteLength(text), text, fromString: true, bytes: undefined }
    : { value, size: Buffer.byteLength(text), text, fromString: false, bytes };
}
