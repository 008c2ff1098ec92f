import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANY_ORIGIN_CORS, CORS_EXPOSED_HEADERS, corsHeaders } from '../core/collection/cors-rules.js';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';
import { retryAfterHeader } from '../errors/harness-error.js';
import { StoreWriteError } from '../errors/store-errors.js';
import { COLLECTION_ROUTES } from '../domain/collection/collection-routes.js';
import type { ForwardedAnswer } from './ingest-threads/ingest-thread-protocol.js';

/** The body of an accepted collection request, as the collection plugin writes it. */
export const SUCCESS_JSON = '{"success":true}';
/** Exactly what the collection plugin writes for an accepted request (see collection-plugin.ts). */
const SUCCESS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(SUCCESS_JSON)),
  'cache-control': 'no-cache',
});
const SUCCESS_HEADERS_ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  ...SUCCESS_HEADERS,
  ...ANY_ORIGIN_CORS,
});

/**
 * The headers of the success answer for a request from `origin` (a page's Origin header, or none): one frozen
 * object for server SDKs, the page's origin echoed for browsers. Shared by the fast path and the ingest threads.
 */
export function successAnswerHeaders(origin: string | undefined): Readonly<Record<string, string>> {
  return origin === undefined
    ? SUCCESS_HEADERS_ANY_ORIGIN
    : {
        ...SUCCESS_HEADERS,
        'access-control-allow-origin': origin,
        'access-control-expose-headers': CORS_EXPOSED_HEADERS,
        vary: 'origin',
      };
}

/** The Hapi route's answer when the store did not commit a request's writes: 503 STORE_WRITE, with CORS. */
export function uncommittedAnswer(origin: string | undefined, error: unknown): ForwardedAnswer & { kind: 'answer' } {
  const refusal =
    error instanceof StoreWriteError ? error : new StoreWriteError((error as Error).message ?? String(error));
  const body = JSON.stringify({ success: false, code: refusal.code, message: redactUrlPasswords(refusal.message) });
  return {
    kind: 'answer',
    status: refusal.httpStatus,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-cache',
      ...retryAfterHeader(refusal),
      ...corsHeaders(origin),
    },
    body,
  };
}

export function writeUncommitted(res: ServerResponse, origin: string | undefined, error: unknown): void {
  const answer = uncommittedAnswer(origin, error);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/**
 * The body as one exact-size buffer nothing else holds: node:http copies each body chunk out of the socket's
 * buffer into one of its own, so a lone chunk is used as it is; several are joined into a new, unpooled buffer
 * (Buffer.concat would take a small one from the shared pool, and keeping it would pin the pool's 8 KiB).
 */
export function ownBody(chunks: readonly Buffer[], length: number): Buffer {
  const first = chunks[0];
  if (chunks.length === 1 && first !== undefined && first.byteOffset === 0 && first.buffer.byteLength === first.length)
    return first;
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const body = Buffer.allocUnsafeSlow(Number.isInteger(length) ? Math.min(length, size) : size);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= body.length) break;
    offset += chunk.copy(body, offset);
  }
  return body;
}

/** Bodies the fast path reads; anything larger (or of unknown length) goes to Hapi, whose raw guard answers. */
const FAST_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The collection route of a request the fast path may read (a POST to /v1/<route> with a Content-Length up to
 * 8 MiB), or undefined: by its request line and headers alone, so an ingest thread can tell before the body.
 */
export function collectionRouteOf(
  method: string | undefined,
  url: string | undefined,
  headers: { readonly [name: string]: string | readonly string[] | undefined },
): string | undefined {
  if (method !== 'POST' || url === undefined || !url.startsWith('/v1/')) return undefined;
  const route = url.slice(4);
  if (!Object.hasOwn(COLLECTION_ROUTES, route)) return undefined;
  const lengthHeader = headers['content-length'];
  if (lengthHeader === undefined || headers['transfer-encoding'] !== undefined) return undefined;
  const length = Number(lengthHeader);
  return Number.isInteger(length) && length <= FAST_BODY_LIMIT ? route : undefined;
}

/** Reads a request's body into one buffer of its own (see ownBody), then calls `done` with it and when it arrived. */
export function readOwnBody(req: IncomingMessage, done: (body: Buffer, received: number) => void): void {
  const received = Date.now();
  const length = Number(req.headers['content-length']);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => done(ownBody(chunks, length), received));
}
