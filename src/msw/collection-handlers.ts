import { http, HttpResponse, type HttpHandler } from 'msw';
import type { HeaderMap } from '../domain/collection/collection-service.js';
import { COLLECTION_ROUTES } from '../domain/collection/collection-routes.js';
import { faultAnswer } from '../core/faults/fault-answer.js';
import { browserSettings } from '../domain/collection/browser-settings.js';
import { UnknownWriteKeyError } from '../errors/unknown-write-key-error.js';
import { createServiceCore, type ServiceCore, type ServiceCoreOptions } from '../core/service-core.js';

export interface CollectionHandlersOptions {
  /** Base URL the client under test sends to, e.g. https://api.segment.io. */
  readonly baseUrl: string;
  /** Share a core with a server or another set of handlers; by default a new one is made from `core options`. */
  readonly core?: ServiceCore;
  readonly coreOptions?: ServiceCoreOptions;
}

export interface CollectionHandlers {
  readonly handlers: HttpHandler[];
  /** The domain core behind the handlers: assert on `core.journal`, inject faults with `core.faults`. */
  readonly core: ServiceCore;
}

/**
 * msw 2 handlers for the collection API over the same core as the Hapi server, for tests that mock without
 * a socket: `setupServer(...createCollectionHandlers({ baseUrl }).handlers)`.
 */
export function createCollectionHandlers(options: CollectionHandlersOptions): CollectionHandlers {
  const core = options.core ?? createServiceCore(options.coreOptions);
  const base = options.baseUrl.replace(/\/+$/, '');
  const handler = http.post(`${base}/v1/:route`, async ({ request, params }) => {
    const route = String(params.route);
    if (!Object.hasOwn(COLLECTION_ROUTES, route)) return undefined;
    const fault = core.faults.take(route);
    if (fault?.delayMs !== undefined && fault.delayMs > 0) await core.clock.sleep(fault.delayMs);
    if (fault?.reset === true) return HttpResponse.error();
    if (fault?.status !== undefined) {
      const answer = faultAnswer({ ...fault, status: fault.status });
      return HttpResponse.json(answer.body, { status: answer.status, headers: answer.headers });
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const body = new Uint8Array(await request.arrayBuffer());
    const result = core.collection.handle({ route, method: 'POST', headers: headers as HeaderMap, body });
    return HttpResponse.json(result.body, { status: result.status, headers: result.headers });
  });
  // The settings analytics.js loads first, pointing it back at this base URL (as the server's settings route).
  const origin = new URL(base);
  const settings = http.get(`${base}/v1/projects/:writeKey/settings`, ({ params }) => {
    const writeKey = String(params.writeKey);
    if (!core.sources.zeroConfig && core.sources.get(writeKey) === undefined) {
      const error = new UnknownWriteKeyError(writeKey, core.sources.writeKeys());
      return HttpResponse.json({ success: false, code: error.code, message: error.message }, { status: 404 });
    }
    return HttpResponse.json(browserSettings(writeKey, { host: `${origin.host}${origin.pathname === '/' ? '' : origin.pathname}`, protocol: origin.protocol === 'https:' ? 'https' : 'http' }));
  });
  return { handlers: [handler, settings], core };
}
