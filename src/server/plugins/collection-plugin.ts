import { Readable } from 'node:stream';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { CollectionDoor } from '../../core/collection/collection-door.js';
import { corsHeaders } from '../../core/collection/cors-rules.js';
import { COLLECTION_ROUTES } from '../../domain/collection/collection-routes.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { clientAddressOf } from '../client-address.js';
import { sendCollectionAnswer } from '../collection-reply.js';
import { drainUnreadBody } from '../drain-unread-body.js';
import { RAW_BODY_LIMIT, readRequestBody, type ReadBody } from '../read-request-body.js';

const EMPTY: ReadBody = { kind: 'body', body: Buffer.alloc(0) };

/**
 * The collection door's Hapi adapter (the door answers every path under /v1/: collection-door.ts). Requests on the
 * server's socket reach the door before Hapi (create-server.ts, collection-front.ts); these routes take the ones
 * Hapi is handed itself: `server.inject` (harness.inject) and a request that waits for `100 Continue`. The body is
 * read here, not by Hapi, whose reader destroyed a request past its limit.
 */
async function answerThroughDoor(door: CollectionDoor, request: Request, h: ResponseToolkit) {
  // No stream for a method without a body (GET, OPTIONS).
  const payload: unknown = request.payload;
  const declared: unknown = request.headers['content-length'];
  const read =
    payload instanceof Readable
      ? await readRequestBody(payload, typeof declared === 'string' ? declared : undefined)
      : EMPTY;
  if (read.kind === 'gone') return h.abandon;
  const answer = await door.answer({
    method: request.method,
    path: request.path,
    headers: request.headers as HeaderMap,
    body: read.kind === 'body' ? read.body : Buffer.alloc(0),
    bodyOwned: true,
    ...(read.kind === 'oversized' ? { oversized: read.size } : {}),
    remoteAddress: clientAddressOf(request.raw.req),
    receivedAt: request.info.received,
  });
  // A body over the limit is read to its end before the 400 goes out, so a kept-alive connection stays usable.
  if (read.kind === 'oversized') await drainUnreadBody(request.raw.req);
  return sendCollectionAnswer(answer, request, h);
}

/** Hapi's own answers on these routes (made before a handler runs) get CORS too: a page must read every answer. */
function addCors(request: Request, h: ResponseToolkit) {
  const response = request.response as
    | (ResponseObject & { isBoom?: undefined })
    | (Error & { isBoom: true; output: { headers: Record<string, string> } });
  if (response === null || typeof response !== 'object') return h.continue;
  const origin = request.headers.origin;
  const cors = corsHeaders(typeof origin === 'string' ? origin : undefined);
  if (response.isBoom === true) {
    for (const [name, value] of Object.entries(cors)) response.output.headers[name] ??= value;
  } else if ('headers' in response && typeof response.header === 'function') {
    for (const [name, value] of Object.entries(cors))
      if (response.headers[name] === undefined) response.header(name, value);
  }
  return h.continue;
}

/**
 * The collection API's routes (docs/decisions.md), the settings analytics.js loads, and every other path under /v1:
 * each request goes to the door, which finds its run (the X-Harness-Run header, else its write key's owner, else
 * the default run; docs/runs.md) and answers it.
 */
export const collectionPlugin: Plugin<{ door: CollectionDoor }> = {
  name: 'event-harness-collection',
  register(server, { door }) {
    const routes = Object.keys(COLLECTION_ROUTES).join('|');
    const handler = (request: Request, h: ResponseToolkit) => answerThroughDoor(door, request, h);
    // No Hapi payload timeout: on one Hapi drains the rest of the body before answering, which a client that
    // dribbles never ends. The server's requestTimeout (30 s for headers and body) cuts it off instead.
    const payload = { parse: false, output: 'stream', maxBytes: RAW_BODY_LIMIT, timeout: false } as const;
    server.ext('onPreResponse', addCors, { sandbox: 'plugin' });
    server.route([
      {
        // Every method: POST is the API, OPTIONS the browsers' preflight, anything else a 404 from the door.
        method: '*',
        path: '/v1/{route}',
        options: { payload, description: `Collection API: ${routes}` },
        handler,
      },
      {
        method: 'GET',
        path: '/v1/projects/{writeKey}/settings',
        options: {
          description:
            'Source settings for analytics.js (the browser SDK): integrations["Segment.io"].apiHost points back at the mock',
        },
        handler,
      },
      // The settings' preflight, and a 404 with CORS for any other method.
      { method: '*', path: '/v1/projects/{writeKey}/settings', options: { payload }, handler },
      // Any other path under /v1 (a deeper path, a typo): a 404 in the service's shape, with CORS.
      { method: '*', path: '/v1/{path*}', options: { payload }, handler },
    ]);
  },
};
