import { http, HttpResponse, type HttpHandler } from 'msw';
import type { HeaderMap } from '../domain/collection/collection-service.js';
import { CollectionDoor, type CollectionAnswer } from '../core/collection/collection-door.js';
import type { AdminOperations } from '../core/admin/admin-operations.js';
import { RunRegistry } from '../core/runs/run-registry.js';
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
 * method on every path under /v1 goes to the core's one door (CollectionDoor, as the server's do): CORS and
 * preflights, faults, the rate limit, the backlog 429, strict or lenient answers, 404s, the settings analytics.js
 * loads, and the request log.
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
  // No runs are made here (msw serves no /__harness routes): the registry is the door's view of this one core.
  const runs = new RunRegistry({
    defaultCore: core,
    createCore: (_id, run) => createServiceCore({ clock: run.clock, config: run.config, seed: core.seed }),
  });
  const door = new CollectionDoor(runs, { apiOrigin: () => apiOrigin });
  const collection = http.all(`${base}/v1/*`, async ({ request }) => {
    const receivedAt = Date.now();
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? '' : new Uint8Array(await request.arrayBuffer());
    const path = new URL(request.url).pathname.slice(basePath.length);
    return toResponse(await door.answer({ method, path, headers: headersOf(request), body, receivedAt }));
  });
  return { handlers: [collection], core, admin: runs.default.admin };
}
