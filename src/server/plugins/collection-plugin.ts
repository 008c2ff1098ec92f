import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import type { ServiceCore } from '../../harness/service-core.js';
import { COLLECTION_ROUTES } from '../../collection/collection-routes.js';
import { SUCCESS_RESPONSE, type HeaderMap } from '../../collection/collection-service.js';
import type { Fault } from '../../faults/fault-plan.js';

/** Hapi reads at most this much before refusing; the service's own 500 KiB check then answers in its format. */
const RAW_BODY_LIMIT = 8 * 1024 * 1024;
const SUCCESS_JSON = '{"success":true}';

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

/** The collection API routes of DESIGN 2 over the core's CollectionService. */
export const collectionPlugin: Plugin<{ core: ServiceCore }> = {
  name: 'event-harness-collection',
  register(server, { core }) {
    const routes = Object.keys(COLLECTION_ROUTES).join('|');
    server.route({
      method: 'POST',
      path: '/v1/{route}',
      options: {
        cors: { origin: ['*'], additionalHeaders: ['authorization', 'content-encoding'], credentials: false },
        payload: { parse: false, output: 'data', maxBytes: RAW_BODY_LIMIT, timeout: false },
        description: `Collection API: ${routes}`,
      },
      async handler(request, h) {
        const route = request.params.route as string;
        const fault = core.faults.take(route);
        if (fault !== undefined) {
          const faulted = await applyFault(fault, core, request, h);
          if (faulted !== undefined) return faulted;
        }
        const payload = request.payload as Buffer | null;
        const result = core.collection.handle({ route, method: 'POST', headers: request.headers as HeaderMap, body: payload ?? '' });
        // The common answer goes out pre-serialized: no marshalling on the hot path.
        if (result === SUCCESS_RESPONSE) return h.response(SUCCESS_JSON).type('application/json; charset=utf-8');
        return h.response(result.body).code(result.status);
      },
    });
  },
};
