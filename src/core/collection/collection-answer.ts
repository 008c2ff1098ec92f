import { SUCCESS_RESPONSE, type HeaderMap } from '../../domain/collection/collection-service.js';
import { type HarnessError, retryAfterHeader } from '../../errors/harness-error.js';
import { redactUrlPasswords } from '../../errors/redact-url-passwords.js';
import { ANY_ORIGIN_CORS, corsHeaders, PREFLIGHT_BODY, preflightHeaders } from './cors-rules.js';

/** A request to the collection API (any path under /v1/), as an adapter hands it to the door. */
export interface CollectionCall {
  /** Any case: GET, post, OPTIONS. */
  readonly method: string;
  /** The path without its query, e.g. /v1/batch or /v1/not/a/route. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: HeaderMap;
  /** The raw body (gzip and all): the pipeline reads it. */
  readonly body: Uint8Array | string;
  /** The adapter hands the body over: an exact-size buffer of its own (see CollectionRequest.bodyOwned). */
  readonly bodyOwned?: boolean;
  /**
   * The body was longer than the adapter reads (it drains the rest): answered 400 REQUEST_TOO_LARGE naming this size
   * (the declared length, or what was read when it passed the adapter's limit).
   */
  readonly oversized?: number;
  /** The client's address (`context.ip` of browser events that carry none). */
  readonly remoteAddress?: string;
  /** Real time (ms since the epoch) the request arrived, for the request log. Default: when the door is entered. */
  readonly receivedAt?: number;
}

/** What the collection API answers: a JSON answer, or (a reset fault) a dropped connection. */
export type CollectionAnswer =
  | {
      readonly kind: 'reply';
      readonly status: number;
      /** Content-Type, CORS, and Retry-After where it applies. */
      readonly headers: Readonly<Record<string, string>>;
      /** The JSON body; the preflight's is a string already. */
      readonly body: Readonly<Record<string, unknown>> | string;
      /** True for the one success answer: adapters may send it pre-serialized. */
      readonly success: boolean;
    }
  | { readonly kind: 'reset' };

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' } as const;
/** The success answer to a request without Origin (server SDKs): built once, not per request. */
const SUCCESS_ANY_ORIGIN: CollectionAnswer = Object.freeze({
  kind: 'reply',
  status: 200,
  headers: Object.freeze({ ...JSON_TYPE, ...ANY_ORIGIN_CORS }),
  body: SUCCESS_RESPONSE.body,
  success: true,
});

export function headerOf(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

/** A JSON answer with the CORS of a request from `origin`. */
export function reply(
  status: number,
  body: Readonly<Record<string, unknown>>,
  origin: string | undefined,
  extra: Readonly<Record<string, string>> = {},
): CollectionAnswer {
  return { kind: 'reply', status, headers: { ...JSON_TYPE, ...corsHeaders(origin), ...extra }, body, success: false };
}

/** An error in the service's one JSON shape `{ success: false, code, message }`, with what its class adds. */
export function errorBody(error: HarnessError, message = error.message): Readonly<Record<string, unknown>> {
  return { success: false, code: error.code, message: redactUrlPasswords(message), ...error.bodyFields };
}

/** An error as the collection API answers it: its status and Retry-After, with CORS. */
export function errorAnswer(error: HarnessError, origin: string | undefined): CollectionAnswer {
  return reply(error.httpStatus, errorBody(error), origin, retryAfterHeader(error));
}

/** The answer to an accepted request. */
export function successAnswer(origin: string | undefined): CollectionAnswer {
  if (origin === undefined) return SUCCESS_ANY_ORIGIN;
  return {
    kind: 'reply',
    status: 200,
    headers: { ...JSON_TYPE, ...corsHeaders(origin) },
    body: SUCCESS_RESPONSE.body,
    success: true,
  };
}

/** The preflight (OPTIONS) of a browser: the methods of the path, and the headers it asks for. */
export function preflightAnswer(headers: HeaderMap, methods: string): CollectionAnswer {
  return {
    kind: 'reply',
    status: 200,
    headers: preflightHeaders(
      headerOf(headers, 'origin'),
      headerOf(headers, 'access-control-request-headers'),
      methods,
    ),
    body: PREFLIGHT_BODY,
    success: false,
  };
}

/** The route name of a collection path (/v1/batch -> batch), or undefined for a deeper or empty path. */
export function collectionRouteOf(path: string): string | undefined {
  if (!path.startsWith('/v1/')) return undefined;
  const route = path.slice(4);
  return route === '' || route.includes('/') ? undefined : route;
}
