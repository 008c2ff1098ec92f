import type { Plugin } from '@hapi/hapi';
import { buildOpenApiDocument } from '../openapi-document.js';

/** Serves the OpenAPI 3.1 document of the whole HTTP surface, built from the routes and schemas/. */
export const openapiPlugin: Plugin<unknown> = {
  name: 'event-harness-openapi',
  register(server) {
    let document: Record<string, unknown> | undefined;
    server.route({
      method: 'GET',
      path: '/__harness/openapi.json',
      handler: (request) => (document ??= buildOpenApiDocument(request.server.table().filter((r) => !r.path.endsWith('{path*}') && (r.method !== '*' || r.path === '/v1/{route}')).map((r) => ({ method: r.method === '*' ? 'post' : r.method, path: r.path, description: r.settings.description })))),
    });
  },
};
