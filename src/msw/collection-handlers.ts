import { http, HttpResponse, type HttpHandler } from 'msw';
import type { HeaderMap } from '../domain/collection/collection-service.js';
import { answerCollectionCall, type CollectionAnswer } from '../core/collection/collection-answer.js';
import { answerSettingsCall } from '../core/collection/settings-answer.js';
import { AdminOperations } from '../core/admin/admin-operations.js';
import { createServiceCore, type ServiceCore, type ServiceCoreOptions } from '../core/service-core.js';

export interface CollectionHandlersOptions {
  /** Base URL the client under test sends to, e.g. https://api.segment.io. */
  readonly baseUrl: string;
  /** Share a core with a server or another set of handlers; by default a new one is made from `coreOptions`. */
  readonly core?: ServiceCore;
  readonly coreOptions?: ServiceCoreOptions;
}

export interface CollectionHandlers {
  readonly handlers: HttpHandler[];
  /** The domain core behind the handlers: assert on `core.journal`, inject faults with `core.faults`. */
  readonly core: ServiceCore;
  /** The admin API's operations over the same core, in process (msw serves no /__harness routes). */
  readonly admin: AdminOperations;
}

function headersOf(request: Request): HeaderMap {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  return headers;
}

/** The core's answer as a fetch Response: the same status, headers and JSON text as the Hapi adapter sends. */
function toResponse(answer: CollectionAnswer): Response {
  if (answer.kind === 'reset') return HttpResponse.error();
  return new HttpResponse(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });
}

/**
 * msw 2 handlers for everything the collection API answers, over the same core as the Hapi server, for tests
 * that mock without a socket: `setupServer(...createCollectionHandlers({ baseUrl }).handlers)`. Every
 * method on every path under /v1 is answered as the server answers it (the core's collection answer: CORS
 * and preflights, faults, the rate limit, the backlog 429, strict or lenient answers, 404s), the settings
 * analytics.js loads included, and each request goes to the core's request log.
 */
export function createCollectionHandlers(options: CollectionHandlersOptions): CollectionHandlers {
  const core = options.core ?? createServiceCore(options.coreOptions);
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base);
  // The settings point analytics.js back at this base URL, as the server's point it at the host it was reached on.
  const apiOrigin = {
    host: `${origin.host}${origin.pathname === '/' ? '' : origin.pathname}`,
    protocol: origin.protocol === 'https:' ? 'https' : 'http',
  } as const;
  // The path as the server sees it: below the base URL's own path, if it has one.
  const basePath = origin.pathname.replace(/\/+$/, '');
  const pathOf = (request: Request) => new URL(request.url).pathname.slice(basePath.length);
  const record = (
    request: Request,
    path: string,
    headers: HeaderMap,
    receivedAt: number,
    answer: CollectionAnswer,
    sent?: Uint8Array | string,
  ) => {
    const body = answer.kind === 'reply' && typeof answer.body === 'object' ? answer.body : undefined;
    core.requests.record({
      method: request.method,
      path,
      headers,
      status: answer.kind === 'reply' ? answer.status : undefined,
      code: typeof body?.code === 'string' ? body.code : undefined,
      receivedAt,
      respondedAt: Date.now(),
      body: sent,
      message: typeof body?.message === 'string' ? body.message : undefined,
    });
  };
  const settings = http.all(`${base}/v1/projects/:writeKey/settings`, ({ request, params }) => {
    const receivedAt = Date.now();
    const headers = headersOf(request);
    const call = {
      method: request.method,
      writeKey: String(params.writeKey),
      origin: headers.origin as string | undefined,
      requestedHeaders: headers['access-control-request-headers'] as string | undefined,
    };
    const answer = answerSettingsCall(core, call, apiOrigin);
    record(request, pathOf(request), headers, receivedAt, answer);
    return toResponse(answer);
  });
  const collection = http.all(`${base}/v1/*`, async ({ request }) => {
    const receivedAt = Date.now();
    const headers = headersOf(request);
    const path = pathOf(request);
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? '' : new Uint8Array(await request.arrayBuffer());
    const answer = await answerCollectionCall(core, { method, path, headers, body });
    record(request, path, headers, receivedAt, answer, body);
    return toResponse(answer);
  });
  return { handlers: [settings, collection], core, admin: new AdminOperations(core) };
}
