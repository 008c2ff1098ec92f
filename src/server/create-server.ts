import { Readable } from 'node:stream';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { addDurableStoreHooks } from './durable-store-hooks.js';
import { drainUnreadBody } from './drain-unread-body.js';
import { ConnectionSlots } from './connection-slots.js';
import Hapi from '@hapi/hapi';
import type { ServerRegisterPluginObject } from '@hapi/hapi';
import { HarnessError, retryAfterHeader } from '../errors/harness-error.js';
import { createServiceCore, type ServiceCore } from '../core/service-core.js';
import type { AdminOperationsOptions } from '../core/admin/admin-operations.js';
import { RunRegistry } from '../core/runs/run-registry.js';
import { adminOf, mountRunPrefix, originalUrlOf } from './run-routing.js';
import { collectionPlugin } from './plugins/collection-plugin.js';
import { snippetPlugin } from './plugins/snippet-plugin.js';
import { CollectionDoor } from '../core/collection/collection-door.js';
import { answerThroughDoor, collectionPathOf } from './collection-front.js';
import { clientAddressOf } from './client-address.js';
import { PortSharingServer } from './port-sharing-server.js';
import {
  SAMPLE_RECEIVER_PATH,
  sampleReceiverPlugin,
  type SampleReceiverOptions,
} from './plugins/sample-receiver-plugin.js';
import { jsonValueDepth, MAX_JSON_DEPTH } from '../contract/json-depth.js';
import { JsonTooDeepError } from '../errors/collection-errors.js';
import { HostNotAllowedError } from '../errors/server-errors.js';
import { adminRequestRefusal } from './admin-request-guard.js';
import { HostAllowlist, isLoopbackBind } from './host-allowlist.js';
import { answerProtocolErrorsAsJson } from './protocol-errors.js';
import { redactUrlPasswords } from '../contract/secret-redaction.js';
import { ADMIN_BODY_LIMIT, hapiErrorAnswer, isAdminPath } from './hapi-error-answer.js';

export interface CreateServerOptions {
  /** The default run's core (every request no other run claims). */
  readonly core: ServiceCore;
  /**
   * The runs (tenants) of the server, whose default run is `core`. Default: a registry over `core` whose runs are
   * built with createServiceCore (the seed of `core`, no transport or CAs of their own).
   */
  readonly runs?: RunRegistry;
  readonly host?: string;
  readonly port?: number;
  /** Plugins composed on top of the core (deliveries, deletions, audiences, inspector, ...). */
  readonly plugins?: readonly ServerRegisterPluginObject<unknown>[];
  /** Options of the admin operations (runUntilIdle, onReset) for parts composed on top of the core. */
  readonly admin?: AdminOperationsOptions;
  /** Mounts the built-in sample receiver (the embedded default points zero-config sources at it). */
  readonly sampleReceiver?: SampleReceiverOptions;
  /**
   * Default true (false with `sampleReceiver`): the /__harness routes are registered on the first request under /__harness. Hapi spends
   * about a millisecond validating each route's options, and most tests never call the admin API, so a
   * harness per test starts with two routes instead of twenty.
   */
  readonly lazyAdmin?: boolean;
  /** Host names answered besides 127.0.0.1, localhost and [::1] while bound to loopback (serve --allow-host). */
  readonly allowedHosts?: readonly string[];
  /** Open connections at most; past it new ones are closed at once. Default 1,024. */
  readonly maxConnections?: number;
  /**
   * Listen so that other sockets of this process may bind the same port (SO_REUSEPORT): serve's ingest threads.
   * Only where the Node line has the listen option (see supportsReusePort).
   */
  readonly reusePort?: boolean;
}

/** Real-time limits on receiving a request: a client that dribbles its headers or body is cut off. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 1_024;

const ADMIN_CATCH_ALL = '/__harness/{path*}';

/**
 * One route stands in for every /__harness route until the first request there: it registers the real
 * ones (more specific, so they win from then on) and replays the request against them with server.inject.
 */
function registerAdminOnFirstUse(
  server: Hapi.Server,
  load: () => Promise<ServerRegisterPluginObject<unknown>[]>,
): void {
  let registered: Promise<void> | undefined;
  let ready = false;
  server.route({
    method: '*',
    path: ADMIN_CATCH_ALL,
    options: { payload: { parse: false, output: 'data', failAction: 'ignore' } },
    async handler(request, h) {
      // Once the real routes exist, a request still landing here matches none of them.
      if (ready)
        return h
          .response({
            success: false,
            code: 'NOT_FOUND',
            message: `no admin route ${request.method.toUpperCase()} ${request.path}; see GET /__harness/openapi.json`,
          })
          .code(404);
      registered ??= load()
        .then((plugins) => server.register(plugins))
        .then(() => {
          ready = true;
        });
      await registered;
      const replayed = await server.inject({
        method: request.method,
        url: originalUrlOf(request),
        headers: request.headers as Record<string, string>,
        ...(request.payload !== null && request.payload !== undefined ? { payload: request.payload as Buffer } : {}),
        remoteAddress: clientAddressOf(request.raw.req),
      });
      const response = h.response(replayed.rawPayload).code(replayed.statusCode);
      for (const [name, value] of Object.entries(replayed.headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name))
          response.header(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return response;
    },
  });
}

const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;
}

function stripCorsGrants(response: unknown): void {
  const headers = (response as { headers?: Record<string, unknown> } | null)?.headers;
  if (headers === undefined) return;
  for (const name of Object.keys(headers)) if (name.toLowerCase().startsWith('access-control-')) delete headers[name];
}

/** A HarnessError as every answer of the service says it: its status, code and message, and Retry-After. */
function harnessErrorResponse(error: HarnessError, h: Hapi.ResponseToolkit): Hapi.ResponseObject {
  const { code, message, bodyFields } = error;
  const answer = h
    .response({ success: false, code, message: redactUrlPasswords(message), ...bodyFields })
    .code(error.httpStatus);
  const retryAfter = retryAfterHeader(error)['retry-after'];
  return retryAfter === undefined ? answer : answer.header('retry-after', retryAfter);
}

/**
 * The Hapi server: one plugin per domain over the shared core. Every error leaves in the service's one
 * JSON shape `{ success: false, code, message }`; our HarnessErrors keep their code and status, and an
 * unexpected error is a 500 that names itself rather than a crash.
 */
export async function createServer(options: CreateServerOptions): Promise<Hapi.Server> {
  const host = options.host ?? '127.0.0.1';
  // Node checks the headers and request timeouts every connectionsCheckingInterval (30 s by default).
  const listenerOptions = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  };
  const listener =
    options.reusePort === true ? new PortSharingServer(listenerOptions) : createHttpServer(listenerOptions);
  const server = Hapi.server({
    host,
    port: options.port ?? 0,
    listener,
    routes: {
      // protoAction error: a __proto__ key is refused (and named, in onPreResponse), never merged.
      payload: { maxBytes: ADMIN_BODY_LIMIT, protoAction: 'error' },
      // Admin API bodies are JSON; a bad one is a 400 in our shape (see onPreResponse).
      validate: { failAction: 'error' },
    },
    router: { stripTrailingSlash: true },
  });
  const { core } = options;
  const runs =
    options.runs ??
    new RunRegistry({
      defaultCore: core,
      createCore: (_id, run) => createServiceCore({ clock: run.clock, config: run.config, seed: core.seed }),
      ...(options.admin !== undefined ? { defaultAdmin: options.admin } : {}),
    });
  const hosts = isLoopbackBind(host) ? new HostAllowlist(host, options.allowedHosts) : undefined;
  const door = new CollectionDoor(runs, {
    ...(hosts !== undefined ? { hosts } : {}),
    apiOrigin: (call) => {
      const hostHeader = call.headers.host;
      const reached = typeof hostHeader === 'string' && hostHeader !== '' ? hostHeader : undefined;
      return { host: reached ?? `${server.info.host}:${server.info.port}`, protocol: 'http' };
    },
  });
  const front = mountCollectionFront(listener, door);
  const slots = new ConnectionSlots(options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  slots.attach(listener);
  answerProtocolErrorsAsJson(server.listener);
  if (options.core.durable !== undefined) addDurableStoreHooks(server, options.core.durable);
  server.ext('onRequest', (request, h) => {
    const hostHeader = headerOf(request.headers, 'host');
    // The collection door keeps the Host rule for its own paths (/v1/), with the collection API's CORS.
    if (hosts !== undefined && !request.path.startsWith('/v1/') && !hosts.allows(hostHeader))
      throw new HostNotAllowedError(hostHeader ?? '', hosts.names);
    if (isAdminPath(request.path)) {
      const refusal = adminRequestRefusal({
        method: request.method,
        origin: headerOf(request.headers, 'origin'),
        host: hostHeader,
        contentType: headerOf(request.headers, 'content-type'),
        receiver: request.path === SAMPLE_RECEIVER_PATH,
      });
      if (refusal !== undefined) throw refusal;
    }
    return h.continue;
  });
  // Bounded on every route: Hapi parses admin bodies itself (any depth), and handlers below recurse.
  server.ext('onPostAuth', (request, h) => {
    const payload: unknown = request.payload;
    // A stream (the collection routes read their bodies themselves) is no parsed value: nothing to measure.
    if (
      payload !== null &&
      typeof payload === 'object' &&
      !Buffer.isBuffer(payload) &&
      !(payload instanceof Readable)
    ) {
      const depth = jsonValueDepth(payload);
      if (depth > MAX_JSON_DEPTH) throw new JsonTooDeepError(depth, MAX_JSON_DEPTH);
    }
    return h.continue;
  });
  server.ext('onPreResponse', async (request, h) => {
    // A refused request's unread body is read first, so its kept-alive connection stays open (see the function).
    if (request.response instanceof Error) await drainUnreadBody(request.raw.req);
    const response = request.response;
    // /__harness grants no CORS: a page of another origin may neither read the admin API nor preflight into it.
    if (isAdminPath(request.path)) stripCorsGrants(response);
    if (!(response instanceof Error)) return h.continue;
    if (response instanceof HarnessError) return harnessErrorResponse(response, h);
    const { status, code, message } = hapiErrorAnswer(response, {
      method: request.method,
      path: request.path,
      contentLength: headerOf(request.headers, 'content-length'),
      // Hapi's own routes for a path no route matches or that does not decode; its types leave the name out.
      routerAnswered: (request.route.method as string) === '_special',
    });
    const answer = h.response({ success: false, code, message }).code(status);
    if (isAdminPath(request.path)) stripCorsGrants(answer);
    return answer;
  });
  // /__harness/runs/{id}/... is routed as /__harness/... on that run (after the admin guard above has run).
  mountRunPrefix(server, runs);
  const admin = adminOf(runs);
  // The admin plugins (and joi, joi-to-json) load with the first /__harness request: most harnesses never make one.
  const loadAdminPlugins = async (): Promise<ServerRegisterPluginObject<unknown>[]> => {
    const [
      { adminPlugin },
      { deliveriesPlugin },
      { deletionsPlugin },
      { audiencesPlugin },
      { exportPlugin },
      { openapiPlugin },
      { runsPlugin },
      { requestCapturePlugin },
    ] = await Promise.all([
      import('./plugins/admin-plugin.js'),
      import('./plugins/deliveries-plugin.js'),
      import('./plugins/deletions-plugin.js'),
      import('./plugins/audiences-plugin.js'),
      import('./plugins/export-plugin.js'),
      import('./plugins/openapi-plugin.js'),
      import('./plugins/runs-plugin.js'),
      import('./plugins/request-capture-plugin.js'),
    ]);
    return [
      { plugin: adminPlugin, options: { admin } },
      { plugin: deliveriesPlugin, options: { admin } },
      { plugin: deletionsPlugin, options: { admin } },
      { plugin: audiencesPlugin, options: { admin } },
      { plugin: exportPlugin, options: { admin } },
      { plugin: openapiPlugin },
      { plugin: runsPlugin, options: { runs } },
      { plugin: requestCapturePlugin, options: { runs } },
      ...(options.sampleReceiver !== undefined
        ? [
            {
              plugin: sampleReceiverPlugin,
              // The core's receiver, when it has one: deliveries it gets in process and over HTTP are one list.
              options: {
                ...options.sampleReceiver,
                ...(options.core.sampleReceiver !== undefined ? { receiver: options.core.sampleReceiver } : {}),
              },
            },
          ]
        : []),
    ] as ServerRegisterPluginObject<unknown>[];
  };
  await server.register([
    { plugin: collectionPlugin, options: { door } },
    { plugin: snippetPlugin, options: { runs } },
  ]);
  // With the sample receiver mounted (serve's embedded default), the first delivery is an admin request: the admin
  // routes are registered at once, so that delivery does not wait for them to load.
  if (options.lazyAdmin === false || options.sampleReceiver !== undefined)
    await server.register(await loadAdminPlugins());
  else registerAdminOnFirstUse(server, loadAdminPlugins);
  if (options.plugins !== undefined && options.plugins.length > 0)
    await server.register([...options.plugins] as ServerRegisterPluginObject<unknown>[]);
  server.events.on('stop', () => {
    core.dispatcher.close();
    runs.close();
  });
  fronts.set(server, { slots, door, answer: front });
  return server;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the collection door in front of Hapi on the listener: every request under /v1/ goes to the door through
 * node:http (collection-front.ts), every other one to Hapi. Hapi's own 'request' listener, which it put on the
 * listener when it was made, is taken off and called for those. Returns the listener that does it, which also
 * answers the requests serve's ingest threads send on to the main thread.
 */
function mountCollectionFront(listener: HttpServer, door: CollectionDoor): RequestListener {
  const hapi = listener.listeners('request') as RequestListener[];
  for (const dispatch of hapi) listener.off('request', dispatch);
  const toDoor = door.answer.bind(door);
  const answer: RequestListener = (req, res) => {
    const path = collectionPathOf(req.url);
    // A failure past the door (writing to a socket gone meanwhile) leaves nothing to answer: the connection goes.
    if (path !== undefined) answerThroughDoor(req, res, path, toDoor).catch(() => res.destroy());
    else for (const dispatch of hapi) dispatch.call(listener, req, res);
  };
  listener.on('request', answer);
  return answer;
}

/** What serve builds on a server createServer made: its connection cap, its door, and its front's listener. */
export interface ServerFront {
  /** The connection cap: serve's ingest threads share its count. */
  readonly slots: ConnectionSlots;
  readonly door: CollectionDoor;
  /** Answers a request as the server's listener does (/v1/ through the door, the rest through Hapi). */
  readonly answer: RequestListener;
}

const fronts = new WeakMap<Hapi.Server, ServerFront>();

export function serverFrontOf(server: Hapi.Server): ServerFront | undefined {
  return fronts.get(server);
}

/** The connection cap of a server createServer made. */
export function connectionSlotsOf(server: Hapi.Server): ConnectionSlots | undefined {
  return fronts.get(server)?.slots;
}
