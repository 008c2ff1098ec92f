import { COLLECTION_ROUTES } from '../../domain/collection/collection-routes.js';
import { SUCCESS_RESPONSE, type HeaderMap } from '../../domain/collection/collection-service.js';
import { DeliveryBacklogFullError } from '../../errors/collection-errors.js';
import { RouteNotFoundError } from '../../errors/server-errors.js';
import { StoreUnavailableError } from '../../errors/store-errors.js';
import { retryAfterHeader, type HarnessError } from '../../errors/harness-error.js';
import { faultAnswer } from '../faults/fault-answer.js';
import type { ServiceCore } from '../service-core.js';
import { ANY_ORIGIN_CORS, corsHeaders, PREFLIGHT_BODY, preflightHeaders } from './cors-rules.js';
import { parkedSleep } from '../../clock/clock-hold.js';

/** A request to the collection API (any path under /v1/ but the settings), as an adapter hands it over. */
export interface CollectionCall {
  /** Any case: GET, post, OPTIONS. */
  readonly method: string;
  /** The whole path, e.g. /v1/batch or /v1/not/a/route. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: HeaderMap;
  /** The raw body (gzip and all): the collection service reads it. */
  readonly body: Uint8Array | string;
  readonly remoteAddress?: string;
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

function headerOf(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

function reply(
  status: number,
  body: Readonly<Record<string, unknown>>,
  origin: string | undefined,
  extra: Readonly<Record<string, string>> = {},
): CollectionAnswer {
  return { kind: 'reply', status, headers: { ...JSON_TYPE, ...corsHeaders(origin), ...extra }, body, success: false };
}

/** An error in the service's one JSON shape `{ success: false, code, message }`. */
export function errorBody(error: HarnessError, message = error.message): Readonly<Record<string, unknown>> {
  return { success: false, code: error.code, message };
}

/** An error's answer: its status, its Retry-After when it asks for one, the one JSON shape, CORS. */
function errorReply(error: HarnessError, origin: string | undefined): CollectionAnswer {
  return reply(error.httpStatus, errorBody(error), origin, retryAfterHeader(error));
}

/** The route name of a collection path (/v1/batch -> batch), or undefined for a deeper or empty path. */
export function collectionRouteOf(path: string): string | undefined {
  if (!path.startsWith('/v1/')) return undefined;
  const route = path.slice(4);
  return route === '' || route.includes('/') ? undefined : route;
}

/**
 * The collection API's whole answer, alike for every adapter: the preflight, the delivery-backlog 429, the
 * rate limit, an injected fault (delay on the harness clock, status, or reset), then the collection service;
 * every answer carries CORS. A deeper path under /v1 is a 404 in the service's shape.
 */
export async function answerCollectionCall(core: ServiceCore, call: CollectionCall): Promise<CollectionAnswer> {
  const method = call.method.toUpperCase();
  const origin = headerOf(call.headers, 'origin');
  const route = collectionRouteOf(call.path);
  if (method === 'OPTIONS') {
    const methods = route === undefined ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
    return {
      kind: 'reply',
      status: 200,
      headers: preflightHeaders(origin, headerOf(call.headers, 'access-control-request-headers'), methods),
      body: PREFLIGHT_BODY,
      success: false,
    };
  }
  if (route === undefined) {
    return errorReply(new RouteNotFoundError(method, call.path), origin);
  }
  const known = method === 'POST' && Object.hasOwn(COLLECTION_ROUTES, route);
  if (method === 'POST' && core.durable !== undefined && !core.durable.available) {
    // The store cannot commit now: refused before anything is taken, so nothing is held that a resend duplicates.
    return errorReply(new StoreUnavailableError('a commit failed or is overdue, or its connection is lost'), origin);
  }
  if (method === 'POST' && core.dispatcher.backlogFull) {
    // Refused before anything is journaled, so the client's retry loses nothing and duplicates nothing.
    const error = new DeliveryBacklogFullError(core.dispatcher.counts().pending, core.dispatcher.capacity);
    return errorReply(error, origin);
  }
  const waitSeconds = known && core.rateLimit !== undefined ? core.rateLimit.take() : undefined;
  if (waitSeconds !== undefined) {
    const answer = faultAnswer({ status: 429, retryAfter: waitSeconds }, 'rate limit');
    return reply(answer.status, answer.body, origin, answer.headers);
  }
  // With a shared store a counted fault is used up across nodes (a query); in memory the take stays synchronous.
  const fault = !known ? undefined : core.faults.shared ? await core.faults.takeShared(route) : core.faults.take(route);
  if (fault !== undefined) {
    if (fault.delayMs !== undefined && fault.delayMs > 0) await parkedSleep(core.clock, fault.delayMs);
    if (fault.reset === true) return { kind: 'reset' };
    if (fault.status !== undefined) {
      const answer = faultAnswer({ ...fault, status: fault.status });
      return reply(answer.status, answer.body, origin, answer.headers);
    }
  }
  const result = core.collection.handle({
    route,
    method,
    headers: call.headers,
    body: call.body,
    ...(call.remoteAddress !== undefined ? { remoteAddress: call.remoteAddress } : {}),
  });
  if (result === SUCCESS_RESPONSE)
    return origin === undefined
      ? SUCCESS_ANY_ORIGIN
      : {
          kind: 'reply',
          status: 200,
          headers: { ...JSON_TYPE, ...corsHeaders(origin) },
          body: result.body,
          success: true,
        };
  return reply(result.status, result.body, origin, result.headers);
}
