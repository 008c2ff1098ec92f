import type { Plugin } from '@hapi/hapi';
import { browserSettings } from '../../domain/collection/browser-settings.js';
import { RouteNotFoundError } from '../../errors/route-not-found-error.js';
import { UnknownWriteKeyError } from '../../errors/unknown-write-key-error.js';
import type { ServiceCore } from '../../core/service-core.js';
import { preflight, withCors } from '../collection-cors.js';

/**
 * `GET /v1/projects/{writeKey}/settings`: the settings analytics.js loads before it sends anything
 * (`AnalyticsBrowser.load({ writeKey, cdnURL: <mock URL> })`), pointing its API host back at the mock as the
 * request reached it. A key follows the zero-config rules: with no sources configured any key gets settings;
 * with sources configured an unknown key is a 404, as the real CDN answers an unknown write key.
 */
const SETTINGS_PATH = '/v1/projects/{writeKey}/settings';

export const settingsPlugin: Plugin<{ core: ServiceCore }> = {
  name: 'event-harness-settings',
  register(server, { core }) {
    server.route({
      method: 'GET',
      path: SETTINGS_PATH,
      options: { description: 'Source settings for analytics.js (the browser SDK): integrations["Segment.io"].apiHost points back at the mock' },
      handler(request, h) {
        const writeKey = request.params.writeKey as string;
        if (!core.sources.zeroConfig && core.sources.get(writeKey) === undefined) {
          const error = new UnknownWriteKeyError(writeKey, core.sources.writeKeys());
          return withCors(h.response({ success: false, code: error.code, message: error.message }).code(404), request);
        }
        const protocol = request.server.info.protocol === 'https' ? 'https' : 'http';
        const host = request.info.host !== '' ? request.info.host : `${request.server.info.host}:${request.server.info.port}`;
        return withCors(h.response(browserSettings(writeKey, { host, protocol })), request);
      },
    });
    // The preflight, and a 404 with CORS for any other method.
    server.route({
      method: '*',
      path: SETTINGS_PATH,
      handler(request, h) {
        if (request.method === 'options') return preflight(request, h, 'GET, OPTIONS');
        const error = new RouteNotFoundError(request.method.toUpperCase(), request.path);
        return withCors(h.response({ success: false, code: error.code, message: `${error.message}; the settings are read with GET` }).code(404), request);
      },
    });
  },
};
