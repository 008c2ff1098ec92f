import Hapi from '@hapi/hapi';
import type { Plugin, ServerRegisterPluginObject } from '@hapi/hapi';
import { HarnessError } from '../errors/harness-error.js';
import type { ServiceCore } from '../harness/service-core.js';
import { adminPlugin, type AdminPluginOptions } from './plugins/admin-plugin.js';
import { collectionPlugin } from './plugins/collection-plugin.js';
import { openapiPlugin } from './plugins/openapi-plugin.js';
import { audiencesPlugin } from './plugins/audiences-plugin.js';
import { deletionsPlugin } from './plugins/deletions-plugin.js';
import { deliveriesPlugin } from './plugins/deliveries-plugin.js';
import { sampleReceiverPlugin, type SampleReceiverOptions } from './plugins/sample-receiver-plugin.js';
import { exportPlugin } from './plugins/export-plugin.js';

export interface CreateServerOptions {
  readonly core: ServiceCore;
  readonly host?: string;
  readonly port?: number;
  /** Plugins composed on top of the core (deliveries, deletions, audiences, inspector, ...). */
  readonly plugins?: readonly ServerRegisterPluginObject<unknown>[];
  readonly admin?: Omit<AdminPluginOptions, 'core'>;
  /** Mounts the built-in sample receiver (the embedded default points zero-config sources at it). */
  readonly sampleReceiver?: SampleReceiverOptions;
  /**
   * Default true: the /__harness routes are registered on the first request under /__harness. Hapi spends
   * about a millisecond validating each route's options, and most tests never call the admin API, so a
   * harness per test starts with two routes instead of twenty.
   */
  readonly lazyAdmin?: boolean;
}

const ADMIN_CATCH_ALL = '/__harness/{path*}';

/**
 * One route stands in for every /__harness route until the first request there: it registers the real
 * ones (more specific, so they win from then on) and replays the request against them with server.inject.
 */
function registerAdminOnFirstUse(server: Hapi.Server, plugins: readonly ServerRegisterPluginObject<unknown>[]): void {
  let registered: Promise<void> | undefined;
  let ready = false;
  server.route({
    method: '*',
    path: ADMIN_CATCH_ALL,
    options: { payload: { parse: false, output: 'data', failAction: 'ignore' } },
    async handler(request, h) {
      // Once the real routes exist, a request still landing here matches none of them.
      if (ready) return h.response({ success: false, code: 'NOT_FOUND', message: `no admin route ${request.method.toUpperCase()} ${request.path}; see GET /__harness/openapi.json` }).code(404);
      registered ??= server.register([...plugins]).then(() => {
        ready = true;
      });
      await registered;
      const replayed = await server.inject({
        method: request.method,
        url: request.url.pathname + request.url.search,
        headers: request.headers as Record<string, string>,
        ...(request.payload !== null && request.payload !== undefined ? { payload: request.payload as Buffer } : {}),
        remoteAddress: request.info.remoteAddress,
      });
      const response = h.response(replayed.rawPayload).code(replayed.statusCode);
      for (const [name, value] of Object.entries(replayed.headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name)) response.header(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return response;
    },
  });
}

const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

const BOOM_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'REQUEST_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The Hapi server: one plugin per domain over the shared core. Every error leaves in the service's one
 * JSON shape `{ success: false, code, message }`; our HarnessErrors keep their code and status, and an
 * unexpected error is a 500 that names itself rather than a crash.
 */
export async function createServer(options: CreateServerOptions): Promise<Hapi.Server> {
  const server = Hapi.server({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    routes: {
      payload: { maxBytes: 1024 * 1024 },
      // Admin API bodies are JSON; a bad one is a 400 in our shape (see onPreResponse).
      validate: { failAction: 'error' },
    },
    router: { stripTrailingSlash: true },
  });
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (!(response instanceof Error)) return h.continue;
    if (response instanceof HarnessError) {
      const status = (response as HarnessError & { httpStatus?: number }).httpStatus ?? 400;
      const extra = 'violations' in response ? { errors: (response as { violations: unknown }).violations } : {};
      return h.response({ success: false, code: response.code, message: response.message, ...extra }).code(status);
    }
    const boom = response as Error & { isBoom?: boolean; output?: { statusCode: number; payload: { message?: string } } };
    const status = boom.isBoom === true && boom.output !== undefined ? boom.output.statusCode : 500;
    // Hapi's 413 is the raw-body guard; the service's own limit is 400 REQUEST_TOO_LARGE (DESIGN 2).
    const code = status === 413 ? 'REQUEST_TOO_LARGE' : (BOOM_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR'));
    const message =
      status === 413
        ? `the request body is ${typeof request.headers['content-length'] === 'string' ? `${request.headers['content-length']} bytes` : 'over 8 MiB'}; one request may be at most 512000 bytes (500 KiB): split the batch`
        : status === 400 && /payload/i.test(boom.output?.payload.message ?? '')
          ? `the body is not valid JSON (${boom.message}); send a JSON object with Content-Type: application/json`
          : (boom.output?.payload.message ?? boom.message);
    return h.response({ success: false, code, message }).code(status === 413 ? 400 : status);
  });
  const { core } = options;
  const admin: ServerRegisterPluginObject<AdminPluginOptions> = {
    plugin: adminPlugin,
    options: { core, runUntilIdle: () => core.dispatcher.runUntilIdle(), ...options.admin },
  };
  const adminPlugins = [
    admin,
    { plugin: deliveriesPlugin, options: { dispatcher: core.dispatcher } },
    { plugin: deletionsPlugin, options: { deletions: core.deletions } },
    { plugin: audiencesPlugin, options: { audiences: core.audiences } },
    { plugin: exportPlugin, options: { core } },
    { plugin: openapiPlugin as Plugin<unknown> },
    ...(options.sampleReceiver !== undefined ? [{ plugin: sampleReceiverPlugin, options: options.sampleReceiver }] : []),
  ] as ServerRegisterPluginObject<unknown>[];
  await server.register({ plugin: collectionPlugin, options: { core } });
  if (options.lazyAdmin === false) await server.register(adminPlugins);
  else registerAdminOnFirstUse(server, adminPlugins);
  if (options.plugins !== undefined && options.plugins.length > 0) await server.register([...options.plugins] as ServerRegisterPluginObject<unknown>[]);
  server.events.on('stop', () => core.dispatcher.close());
  return server;
}
