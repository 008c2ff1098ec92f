import { Readable } from 'node:stream';
import type { Plugin, ResponseObject } from '@hapi/hapi';
import type { RunRegistry } from '../../core/runs/run-registry.js';
import { answerRunCollectionCall } from '../../core/runs/run-collection-answer.js';
import { setRunOfRequest } from '../run-routing.js';
import { COLLECTION_ROUTES } from '../../domain/collection/collection-routes.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { corsHeaders } from '../../core/collection/cors-rules.js';
import { sendCollectionAnswer } from '../collection-reply.js';
import { readRequestBody } from '../read-request-body.js';
import { RequestTooLargeError } from '../../errors/collection-errors.js';
import { MAX_REQUEST_BYTES } from '../../contract/spec-limits.js';

/** Hapi reads at most this much before refusing; the service's own 500 KiB check then answers in its format. */
const RAW_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The collection API routes of docs/decisions.md: each request goes to the core of its run (the X-Harness-Run
 * header, else its write key's owner, else the default run; docs/runs.md), which answers it.
 */
export const collectionPlugin: Plugin<{ runs: RunRegistry }> = {
  name: 'event-harness-collection',
  register(server, { runs }) {
    const routes = Object.keys(COLLECTION_ROUTES).join('|');
    // Answers Hapi makes before a handler runs (a body over the raw guard, a payload timeout) get CORS too:
    // a page must be able to read every answer of the collection API. Only this plugin's routes.
    server.ext(
      'onPreResponse',
      (request, h) => {
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
      },
      { sandbox: 'plugin' },
    );
    server.route([
      {
        // Every method: POST is the API, OPTIONS the browsers' preflight, anything else a 404 from the core.
        method: '*',
        path: '/v1/{route}',
        options: {
          // No Hapi payload timeout: on one Hapi drains the rest of the body before answering, which a client that
          // dribbles never ends. The server's requestTimeout (30 s for headers and body) cuts it off instead. The
          // body is read here, not by Hapi, whose reader destroyed a request past its limit (see readRequestBody).
          payload: { parse: false, output: 'stream', maxBytes: RAW_BODY_LIMIT, timeout: false },
          description: `Collection API: ${routes}`,
        },
        async handler(request, h) {
          // No stream for a method without a body (GET, OPTIONS).
          const payload: unknown = request.payload;
          const body = payload instanceof Readable ? await readRequestBody(payload, RAW_BODY_LIMIT) : Buffer.alloc(0);
          // Answered 400 once the rest of the body is drained (create-server.ts).
          if (body === undefined) throw new RequestTooLargeError(RAW_BODY_LIMIT + 1, MAX_REQUEST_BYTES);
          // The request log reads the body from the payload, as when Hapi read it.
          (request as { payload: unknown }).payload = body;
          const { run, answer } = await answerRunCollectionCall(runs, {
            method: request.method,
            path: request.path,
            headers: request.headers as HeaderMap,
            body,
            remoteAddress: request.info.remoteAddress,
          });
          setRunOfRequest(request, run);
          // With a durable store, 200 only once what the request wrote is committed (the answer is sent raw, so
          // the server's onPostHandler barrier would come too late), within the answer bound (else 503).
          if (run.core.durable !== undefined) await run.core.durable.committed();
          return sendCollectionAnswer(answer, request, h);
        },
      },
      {
        // Any other path under /v1 (a deeper path, a typo) is a 404 in the service's shape, with CORS, so a page
        // sees the answer rather than an opaque CORS failure.
        method: '*',
        path: '/v1/{path*}',
        options: { payload: { parse: false, output: 'data', maxBytes: RAW_BODY_LIMIT, timeout: false } },
        async handler(request, h) {
          const { answer } = await answerRunCollectionCall(runs, {
            method: request.method,
            path: request.path,
            headers: request.headers as HeaderMap,
            body: '',
          });
          return sendCollectionAnswer(answer, request, h);
        },
      },
    ]);
  },
};
