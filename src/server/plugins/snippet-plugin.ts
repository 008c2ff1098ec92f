import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import {
  answerBundleChunk,
  answerSnippetBundle,
  type BundleLocator,
  locateInstalledAnalyticsNext,
} from '../../core/collection/snippet-answer.js';
import { answerRunSnippetCall } from '../../core/runs/run-snippet-answer.js';
import type { RunRegistry } from '../../core/runs/run-registry.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { sendCollectionAnswer } from '../collection-reply.js';
import { setRunOfRequest } from '../run-routing.js';

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The mock's origin as the browser reached it: what the bundle's CDN becomes. */
function mockOrigin(request: Request): string {
  const protocol = request.server.info.protocol === 'https' ? 'https' : 'http';
  const host = request.info.host !== '' ? request.info.host : `${request.server.info.host}:${request.server.info.port}`;
  return `${protocol}://${host}`;
}

/**
 * The snippet install (docs/mock-service.md, "The snippet"): `GET /analytics.js/v1/{writeKey}/analytics.min.js`, the
 * file the standard snippet loads from the CDN host, and `GET /analytics-next/bundles/{file}`, the chunks that file
 * then loads, both from the installed @segment/analytics-next (the core answers: src/core/collection/snippet-answer.ts).
 * `locate` finds the package (tests give another).
 */
export const snippetPlugin: Plugin<{ runs: RunRegistry; locate?: BundleLocator }> = {
  name: 'event-harness-snippet',
  register(server, { runs, locate = locateInstalledAnalyticsNext }) {
    server.route([
      {
        method: 'GET',
        path: '/analytics.js/v1/{writeKey}/analytics.min.js',
        options: {
          description: "The snippet's analytics.js: the installed @segment/analytics-next, pointed at the mock",
        },
        async handler(request: Request, h: ResponseToolkit) {
          const writeKey = request.params.writeKey as string;
          const origin = header(request, 'origin');
          const { run, answer } = await answerRunSnippetCall(runs, request.headers as HeaderMap, writeKey, (found) =>
            answerSnippetBundle(found.core, { writeKey, origin }, mockOrigin(request), locate),
          );
          setRunOfRequest(request, run);
          return sendCollectionAnswer(answer, request, h);
        },
      },
      {
        method: 'GET',
        path: '/analytics-next/bundles/{file}',
        options: { description: 'A chunk of the analytics.js bundle, from the installed @segment/analytics-next' },
        async handler(request: Request, h: ResponseToolkit) {
          const call = { file: request.params.file as string, origin: header(request, 'origin') };
          return sendCollectionAnswer(await answerBundleChunk(call, mockOrigin(request), locate), request, h);
        },
      },
    ]);
  },
};
