import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import type { ServiceCore } from '../../harness/service-core.js';
import { COLLECTION_ROUTES } from '../../collection/collection-routes.js';
import { SUCCESS_RESPONSE, type HeaderMap } from '../../collection/collection-service.js';
import type { Fault } from '../../faults/fault-plan.js';
import { DeliveryBacklogFullError } from '../../errors/delivery-backlog-full-error.js';

/** Hapi reads at most this much before refusing; the service's own 500 KiB check then answers in its format. */
const RAW_BODY_LIMIT = 8 * 1024 * 1024;

const SUCCESS_JSON = '{"success":true}';
/** What Hapi would send with it (content type, length, and its default no-cache). */
const SUCCESS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(SUCCESS_JSON)),
  'cache-control': 'no-cache',
});

async function applyFault(fault: Fault, core: ServiceCore, request: Request, h: ResponseToolkit) {
  if (fault.delayMs !== undefined && fault.delayMs > 0) await core.clock.sleep(fault.delayMs);
  if (fault.reset === true) {
    request.raw.req.socket.destroy();
    return h.abandon;
  }
  if (fault.status === undefined) return undefined;
  const response = h
    .response({ success: false, code: 'INJECTED_FAULT', message: `fault injected by the harness: status ${fault.status}` })
    .code(fault.status);
  if (fault.retryAfter !== undefined) response.header('retry-after', String(fault.retryAfter));
  return response;
}

/** Headers a browser SDK may send on a collection request (answered in the CORS preflight). */
const ALLOWED_HEADERS = 'authorization, content-type, content-encoding';

/**
 * CORS for the browser routes, done here rather than with Hapi's route option: that option costs about
 * 2 ms of route set-up per harness, more than everything else the collection route needs.
 */
function corsHeaders(request: Request): Record<string, string> | undefined {
  const origin = request.headers.origin as string | undefined;
  if (origin === undefined) return undefined;
  return { 'access-control-allow-origin': origin, vary: 'origin' };
}

/** The collection API routes of DESIGN 2 over the core's CollectionService. */
export const collectionPlugin: Plugin<{ core: ServiceCore }> = {
  name: 'event-harness-collection',
  register(server, { core }) {
    const routes = Object.keys(COLLECTION_ROUTES).join('|');
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
        if (request.method === 'options') {
          const preflight = h.response(SUCCESS_JSON).type('application/json; charset=utf-8');
          preflight.header('access-control-allow-origin', cors?.['access-control-allow-origin'] ?? '*');
          preflight.header('access-control-allow-methods', 'POST, OPTIONS');
          preflight.header('access-control-allow-headers', typeof request.headers['access-control-request-headers'] === 'string' ? request.headers['access-control-request-headers'] : ALLOWED_HEADERS);
          preflight.header('access-control-max-age', '86400');
          preflight.header('vary', 'origin');
          return preflight;
        }
        if (request.method === 'post' && core.dispatcher.backlogFull) {
          // Refused before anything is journaled, so the client's retry loses nothing and duplicates nothing.
          const error = new DeliveryBacklogFullError(core.dispatcher.counts().pending, core.dispatcher.capacity);
          const refused = h.response({ success: false, code: error.code, message: error.message }).code(429).header('retry-after', '5');
          if (cors !== undefined) for (const [name, value] of Object.entries(cors)) refused.header(name, value);
          return refused;
        }
        const fault = request.method === 'post' && Object.hasOwn(COLLECTION_ROUTES, route) ? core.faults.take(route) : undefined;
        if (fault !== undefined) {
          const faulted = await applyFault(fault, core, request, h);
          if (faulted !== undefined) return faulted;
        }
        const payload = request.payload as Buffer | null;
        const result = core.collection.handle({ route, method: request.method.toUpperCase(), headers: request.headers as HeaderMap, body: payload ?? '' });
        if (result === SUCCESS_RESPONSE) {
          // The common answer is written straight to the socket in one write: Hapi's transmit pipes even a
          // string payload through a stream, a second write per request that cost more under load than all of
          // the route's own work. h.abandon tells Hapi the answer is sent; its 'response' event still fires.
          request.raw.res.writeHead(200, cors === undefined ? SUCCESS_HEADERS : { ...SUCCESS_HEADERS, ...cors });
          request.raw.res.end(SUCCESS_JSON);
          return h.abandon;
        }
        const response = h.response(result.body).code(result.status);
        if (cors !== undefined) for (const [name, value] of Object.entries(cors)) response.header(name, value);
        return response;
      },
    });
  },
};
