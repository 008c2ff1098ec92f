import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import type { RunRegistry } from '../../core/runs/run-registry.js';
import { answerRunSettingsCall } from '../../core/runs/run-collection-answer.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { sendCollectionAnswer } from '../collection-reply.js';
import { setRunOfRequest } from '../run-routing.js';

/**
 * `GET /v1/projects/{writeKey}/settings`, the settings analytics.js loads before it sends anything
 * (`AnalyticsBrowser.load({ writeKey, cdnURL: <mock URL> })`): the core answers it (src/core/collection/
 * settings-answer.ts), pointing the API host back at the mock as the request reached it.
 */
const SETTINGS_PATH = '/v1/projects/{writeKey}/settings';

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export const settingsPlugin: Plugin<{ runs: RunRegistry }> = {
  name: 'event-harness-settings',
  register(server, { runs }) {
    const handler = async (request: Request, h: ResponseToolkit) => {
      const protocol = request.server.info.protocol === 'https' ? 'https' : 'http';
      const host =
        request.info.host !== '' ? request.info.host : `${request.server.info.host}:${request.server.info.port}`;
      const call = {
        method: request.method,
        writeKey: request.params.writeKey as string,
        origin: header(request, 'origin'),
        requestedHeaders: header(request, 'access-control-request-headers'),
      };
      const { run, answer } = await answerRunSettingsCall(runs, request.headers as HeaderMap, call, {
        host,
        protocol,
      });
      // The request log is per run: the settings analytics.js loads on a run's key are that run's request.
      setRunOfRequest(request, run);
      return sendCollectionAnswer(answer, request, h);
    };
    server.route([
      {
        method: 'GET',
        path: SETTINGS_PATH,
        options: {
          description:
            'Source settings for analytics.js (the browser SDK): integrations["Segment.io"].apiHost points back at the mock',
        },
        handler,
      },
      // The preflight, and a 404 with CORS for any other method.
      { method: '*', path: SETTINGS_PATH, handler },
    ]);
  },
};
