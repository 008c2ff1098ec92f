import type { Request, Server } from '@hapi/hapi';
import type { HeaderMap } from '../domain/collection/collection-service.js';
import type { RunRegistry } from '../core/runs/run-registry.js';
import { runOfRequest } from './run-routing.js';

interface AnsweredAt {
  answeredAt?: number;
}

/** The `code` and `message` of an error answer the handler gave as an object. */
function errorOf(response: unknown): { code?: unknown; message?: unknown } {
  const source = (response as { source?: unknown } | null)?.source;
  return source !== null && typeof source === 'object' ? (source as { code?: unknown; message?: unknown }) : {};
}

/**
 * Feeds the core's request log from Hapi's response event, which fires for answered and dropped connections
 * alike, and for answers Hapi makes itself before a handler runs (a body over the raw limit, logged by the default run).
 */
export function feedRequestLog(server: Server, runs: RunRegistry): void {
  // When the answer was decided, just before it is written: Hapi's info.responded is stamped at the socket's
  // 'finish' event, which a loaded machine delivers tens of ms after the client may already hold the answer, so a
  // client's wait measured from it (Retry-After, backoff) would look shorter than it was.
  server.ext('onPreResponse', (request, h) => {
    if (request.path.startsWith('/v1/')) (request.app as AnsweredAt).answeredAt = Date.now();
    return h.continue;
  });
  server.events.on('response', (request: Request) => {
    if (!request.path.startsWith('/v1/')) return;
    // The status written on the wire: the collection route may answer on the raw response, bypassing Hapi's.
    const status = request.raw.res.headersSent ? request.raw.res.statusCode : undefined;
    const { code, message } = errorOf(request.response);
    const payload = request.payload as unknown;
    // Each run keeps its own request log: the collection route (or the fast path) noted the run it chose.
    runOfRequest(request, runs).core.requests.record({
      method: request.method,
      path: request.path,
      headers: request.headers as HeaderMap,
      status,
      code: typeof code === 'string' ? code : undefined,
      receivedAt: request.info.received,
      respondedAt: (request.app as AnsweredAt).answeredAt ?? request.info.responded,
      body: Buffer.isBuffer(payload) ? payload : undefined,
      message: typeof message === 'string' ? message : undefined,
    });
  });
}
