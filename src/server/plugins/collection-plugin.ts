import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { ServiceCore } from '../../core/service-core.js';
import { COLLECTION_ROUTES } from '../../domain/collection/collection-routes.js';
import { SUCCESS_RESPONSE, type HeaderMap } from '../../domain/collection/collection-service.js';
import { RouteNotFoundError } from '../../errors/route-not-found-error.js';
import { faultAnswer } from '../../core/faults/fault-answer.js';
import type { Fault } from '../../core/faults/fault-plan.js';
import { DeliveryBacklogFullError } from '../../errors/delivery-backlog-full-error.js';
import { ANY_ORIGIN_CORS, corsHeaders, preflight, withCors } from '../collection-cors.js';

/** Hapi reads at most this much before refusing; the service's own 500 KiB check then answers in its format. */
const RAW_BODY_LIMIT = 8 * 1024 * 1024;

const SUCCESS_JSON = '{"success":true}';
/** What Hapi would send with it (content type, length, and its default no-cache). */
const SUCCESS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(SUCCESS_JSON)),
  'cache-control': 'no-cache',
});

/** The success answer to a request without Origin (server SDKs): built once, not per request. */
const SUCCESS_HEADERS_ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({ ...SUCCESS_HEADERS, ...ANY_ORIGIN_CORS });

async function applyFault(fault: Fault, core: ServiceCore, request: Request, h: ResponseToolkit) {
  if (fault.delayMs !== undefined && fault.delayMs > 0) await core.clock.sleep(fault.delayMs);
  if (fault.reset === true) {
    request.raw.req.socket.destroy();
    return h.abandon;
  }
  if (fault.status === undefined) return undefined;
  const answer = faultAnswer({ ...fault, status: fault.status });
  const response = h.response(answer.body).code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) response.header(name, value);
  return response;
}

/** The collection API routes of docs/decisions.md over the core's CollectionService. */
export const collectionPlugin: Plugin<{ core: ServiceCore }> = {
  name: 'event-harness-collection',
  register(server, { core }) {
    const routes = Object.keys(COLLECTION_ROUTES).join('|');
    // Answers Hapi makes before a handler runs (a body over the raw guard, a payload timeout) get CORS too:
    // a page must be able to read every answer of the collection API. Only this plugin's routes.
    server.ext('onPreResponse', (request, h) => {
      const response = request.response as (ResponseObject & { isBoom?: undefined }) | (Error & { isBoom: true; output: { headers: Record<string, string> } });
      if (response === null || typeof response !== 'object') return h.continue;
      const cors = corsHeaders(request);
      if (response.isBoom === true) {
        for (const [name, value] of Object.entries(cors)) response.output.headers[name] ??= value;
      } else if ('headers' in response && typeof response.header === 'function') {
        for (const [name, value] of Object.entries(cors)) if (response.headers[name] === undefined) response.header(name, value);
      }
      return h.continue;
    }, { sandbox: 'plugin' });
    server.route({
      // Every method: POST is the API, OPTIONS the browsers' preflight, anything else a 404 from the core.
      method: '*',
      path: '/v1/{route}',
      options: {
        // No Hapi payload timeout: on one Hapi drains the rest of the body before answering, which a client that
        // dribbles never ends. The server's requestTimeout (30 s for headers and body) cuts it off instead.
        payload: { parse: false, output: 'data', maxBytes: RAW_BODY_LIMIT, timeout: false },
        description: `Collection API: ${routes}`,
      },
      async handler(request, h) {
        const route = request.params.route as string;
        const cors = corsHeaders(request);
        if (request.method === 'options') return preflight(request, h, 'POST, OPTIONS');
        if (request.method === 'post' && core.dispatcher.backlogFull) {
          // Refused before anything is journaled, so the client's retry loses nothing and duplicates nothing.
          const error = new DeliveryBacklogFullError(core.dispatcher.counts().pending, core.dispatcher.capacity);
          return withCors(h.response({ success: false, code: error.code, message: error.message }).code(429).header('retry-after', '5'), request);
        }
        const waitSeconds = request.method === 'post' && core.rateLimit !== undefined && Object.hasOwn(COLLECTION_ROUTES, route) ? core.rateLimit.take() : undefined;
        if (waitSeconds !== undefined) {
          const answer = faultAnswer({ status: 429, retryAfter: waitSeconds }, 'rate limit');
          const limited = h.response(answer.body).code(429);
          for (const [name, value] of Object.entries(answer.headers)) limited.header(name, value);
          return withCors(limited, request);
        }
        const fault = request.method === 'post' && Object.hasOwn(COLLECTION_ROUTES, route) ? core.faults.take(route) : undefined;
        if (fault !== undefined) {
          const faulted = await applyFault(fault, core, request, h);
          if (faulted !== undefined) return faulted === h.abandon ? faulted : withCors(faulted as ResponseObject, request);
        }
        const payload = request.payload as Buffer | null;
        const result = core.collection.handle({ route, method: request.method.toUpperCase(), headers: request.headers as HeaderMap, body: payload ?? '', remoteAddress: request.info.remoteAddress });
        if (result === SUCCESS_RESPONSE) {
          // The common answer is written straight to the socket in one write: Hapi's transmit pipes even a
          // string payload through a stream, a second write per request that cost more under load than all of
          // the route's own work. h.abandon tells Hapi the answer is sent; its 'response' event still fires.
          request.raw.res.writeHead(200, request.headers.origin === undefined ? SUCCESS_HEADERS_ANY_ORIGIN : { ...SUCCESS_HEADERS, ...cors });
          request.raw.res.end(SUCCESS_JSON);
          return h.abandon;
        }
        const response = h.response(result.body).code(result.status);
        for (const [name, value] of Object.entries(cors)) response.header(name, value);
        return response;
      },
    });
    // Any other path under /v1 (a deeper path, a typo) is a 404 in the service's shape, with CORS, so a page
    // sees the answer rather than an opaque CORS failure.
    server.route({
      method: '*',
      path: '/v1/{path*}',
      options: { payload: { parse: false, output: 'data', maxBytes: RAW_BODY_LIMIT, timeout: false } },
      handler(request, h) {
        if (request.method === 'options') return preflight(request, h, 'GET, POST, OPTIONS');
        const error = new RouteNotFoundError(request.method.toUpperCase(), request.path);
        return withCors(h.response({ success: false, code: error.code, message: error.message }).code(error.httpStatus), request);
      },
    });
  },
};
