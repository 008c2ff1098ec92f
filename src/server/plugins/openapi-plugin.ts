import type { Plugin } from '@hapi/hapi';
import type { DocumentedRoute } from '../openapi-document.js';

/** Serves the OpenAPI 3.1 document of the whole HTTP surface, generated from the routes and schemas/. */
export const openapiPlugin: Plugin<unknown> = {
  name: 'event-harness-openapi',
  register(server) {
    let document: Promise<Record<string, unknown>> | undefined;
    server.route({
      method: 'GET',
      path: '/__harness/openapi.json',
      options: { description: 'This document: OpenAPI 3.1, generated from the routes and their joi validation' },
      // Built on first read, when every plugin (the inspector too) has registered its routes; the generator and
      // joi-to-json load only then.
      handler: (request) =>
        (document ??= import('../openapi-document.js').then(({ buildOpenApiDocument }) =>
          buildOpenApiDocument(request.server.table() as unknown as DocumentedRoute[]),
        )),
    });
  },
};
