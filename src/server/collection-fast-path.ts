import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Server as HapiServer } from '@hapi/hapi';
import type { ServiceCore } from '../core/service-core.js';
import type { Run, RunRegistry } from '../core/runs/run-registry.js';
import { runOfHeaders } from '../core/runs/collection-run.js';
import { SUCCESS_RESPONSE, type HeaderMap } from '../domain/collection/collection-service.js';
import { HostAllowlist, isLoopbackBind } from './host-allowlist.js';
import { replayThroughHapi } from './replay-through-hapi.js';
import { isRequestObserver } from './request-observer.js';
import { isCollectionPost, stoppingAnswer } from './stop-gate.js';
import {
  collectionRouteOf,
  readOwnBody,
  SUCCESS_JSON,
  successAnswerHeaders,
  uncommittedAnswer,
  writeUncommitted,
} from './fast-path-answers.js';

export { ownBody } from './fast-path-answers.js';
import type { ForwardedAnswer, ForwardedRequest } from './ingest-threads/ingest-thread-protocol.js';

export interface CollectionFastPathOptions {
  readonly core: ServiceCore;
  /** The server's runs (default run `core`): a request goes to its write key's run, found from its headers. */
  readonly runs?: RunRegistry;
  /** The address the server is bound to and the --allow-host names: the same Host rule as the Hapi edge. */
  readonly host: string;
  readonly allowedHosts?: readonly string[];
  /** True once the server stops (StopGate): a collection request is then answered 503 SERVER_STOPPING at once. */
  readonly stopping?: () => boolean;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
/** What the 'response' event's listeners read of the raw exchange: node:http's, or an ingest thread's stand-in. */
interface AnsweredRaw {
  readonly req: {
    readonly headers: IncomingMessage['headers'];
    readonly socket: { readonly remoteAddress?: string | undefined };
  };
  readonly res: { readonly headersSent: boolean; readonly statusCode: number };
}

/** The mounted fast path: `unmount` puts Hapi's own listeners back; `answerForwarded` serves the ingest threads. */
export interface CollectionFastPath {
  readonly unmount: () => void;
  /**
   * Answers a request an ingest thread read off its own connection: 'success' once the core accepted it (and a
   * durable store committed it), 'proxy' when Hapi must answer it (the thread sends it on to the server).
   */
  readonly answerForwarded: (request: ForwardedRequest) => ForwardedAnswer | Promise<ForwardedAnswer>;
}

const PROXY: ForwardedAnswer = Object.freeze({ kind: 'proxy' });
const SUCCESS: ForwardedAnswer = Object.freeze({ kind: 'success' });

/**
 * The request as the 'response' event's listeners read it (the request log of the inspector, serve's log):
 * the fields of Hapi's Request they use, for a request answered without Hapi.
 */
interface AnsweredRequest {
  readonly path: string;
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  readonly payload: Buffer;
  readonly response: null;
  /** `responded` 0, as Hapi leaves it for an answer written straight to the socket (the success answer was). */
  readonly info: { readonly received: number; readonly responded: number; readonly remoteAddress: string };
  readonly raw: { readonly req: AnsweredRaw['req']; readonly res: AnsweredRaw['res'] };
  /** The run that answered (the request log is per run; see run-routing.ts). */
  readonly app: { readonly harnessRun: Run | undefined };
}

/**
 * Puts a plain node:http listener in front of Hapi for the one request a load test sends by the thousand: a
 * POST to a collection route that the core accepts. Hapi's request lifecycle (route matching, extension
 * points, its response object and transmit) cost several times the collection service's own work; here the
 * body is read, the core answers, and the same bytes go out as through Hapi, and the same 'response' event
 * reaches the request log and the log.
 *
 * Everything else goes to Hapi untouched: other paths and methods, a Host the allowlist refuses, a pending
 * fault, a rate limit, a full delivery backlog, chunked bodies or bodies over 8 MiB. A request the core does
 * not accept (4xx) had no effect (refusals journal nothing), so it is replayed through Hapi (server.inject)
 * and Hapi's answer is written as is: every error, header and CORS rule stays Hapi's, in one place.
 *
 * Returns the way back to Hapi's own listeners, and the same answer for requests the ingest threads read.
 */
export function mountCollectionFastPath(server: HapiServer, options: CollectionFastPathOptions): CollectionFastPath {
  const listener = server.listener as HttpServer;
  const { runs } = options;
  const hosts = isLoopbackBind(options.host) ? new HostAllowlist(options.host, options.allowedHosts) : undefined;
  // Listeners that only watch (connection slots, the stop gate) stay on the listener; Hapi's take only what goes to it.
  const hapiListeners = (listener.listeners('request') as RequestListener[]).filter((l) => !isRequestObserver(l));
  const toHapi: RequestListener = (req, res) => {
    for (const hapi of hapiListeners) hapi.call(listener, req, res);
  };
  // The criteria as an object: given a name, podium makes this object on every emit.
  const responseEvent = { name: 'response' };
  const emitResponse = (request: AnsweredRequest) =>
    (server.events as unknown as { emit(criteria: { name: string }, data: unknown): void }).emit(
      responseEvent,
      request,
    );

  const answer = (
    run: Run | undefined,
    core: ServiceCore,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    route: string,
    body: Buffer,
    received: number,
  ): void => {
    const headers = req.headers;
    const remoteAddress = req.socket.remoteAddress ?? '';
    const result = core.collection.handle({
      route,
      method: 'POST',
      headers: headers as HeaderMap,
      body,
      // The body is this request's own buffer (see ownBody): the journal keeps it without a copy.
      bodyOwned: true,
      remoteAddress,
    });
    if (result !== SUCCESS_RESPONSE) {
      replayThroughHapi(server, req, res, body, remoteAddress);
      return;
    }
    // With a durable store, 200 only once what the request wrote is committed, as on the Hapi route; a failed
    // commit answers 503 STORE_WRITE (the client sends it again).
    const durable = core.durable;
    if (durable === undefined) succeed(run, req, res, path, body, received, remoteAddress);
    else
      durable.committed().then(
        () => succeed(run, req, res, path, body, received, remoteAddress),
        (error: unknown) => {
          writeUncommitted(res, req.headers.origin, error);
          emitResponse(answered(run, req, res, path, body, received, remoteAddress));
        },
      );
  };

  const succeed = (
    run: Run | undefined,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
    received: number,
    remoteAddress: string,
  ): void => {
    res.writeHead(200, successAnswerHeaders(req.headers.origin));
    res.end(SUCCESS_JSON);
    emitResponse(answered(run, req, res, path, body, received, remoteAddress));
  };

  const routeOf = (method: string | undefined, url: string | undefined, headers: HeaderMap) => {
    // Which run answers (one map read); undefined when that needs the body or a header to check: Hapi decides.
    const run = runs === undefined ? undefined : runOfHeaders(runs, headers);
    const core = runs === undefined ? options.core : run?.core;
    const route = core === undefined ? undefined : fastRoute(method, url, headers, core, hosts);
    return route === undefined || core === undefined ? undefined : { run, core, route };
  };

  const fast: RequestListener = (req, res) => {
    if (options.stopping?.() === true && isCollectionPost(req.method, req.url)) {
      const refusal = stoppingAnswer(req.headers.origin);
      res.writeHead(refusal.status, refusal.headers);
      res.end(refusal.body);
      return;
    }
    const target = routeOf(req.method, req.url, req.headers as HeaderMap);
    if (target === undefined) {
      toHapi(req, res);
      return;
    }
    readOwnBody(req, (body, received) =>
      answer(target.run, target.core, req, res, `/v1/${target.route}`, target.route, body, received),
    );
  };

  const answerForwarded = (request: ForwardedRequest): ForwardedAnswer | Promise<ForwardedAnswer> => {
    const headers = request.headers as HeaderMap;
    const target = routeOf(request.method, request.url, headers);
    if (target === undefined) return PROXY;
    const { run, core, route } = target;
    const body = Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    const remoteAddress = request.remoteAddress;
    const call = { route, method: 'POST', headers, body, bodyOwned: true, remoteAddress };
    // The thread parsed and checked the body: journaled from its assessment where the core can (see handleAssessed).
    const assessed =
      request.assessment === undefined || core.durable !== undefined
        ? undefined
        : core.collection.handleAssessed(call, request.assessment);
    const result = assessed ?? core.collection.handle(call);
    // A refusal journaled nothing: Hapi answers it again, with every error, header and CORS rule its own.
    if (result !== SUCCESS_RESPONSE) return PROXY;
    const req = { headers: request.headers, socket: { remoteAddress } };
    const raw = (statusCode: number): AnsweredRaw => ({ req, res: { headersSent: true, statusCode } });
    const path = `/v1/${route}`;
    const emit = (statusCode: number) =>
      emitResponse(answeredWith(run, raw(statusCode), path, body, request.received, remoteAddress));
    const durable = core.durable;
    if (durable === undefined) {
      emit(200);
      return SUCCESS;
    }
    return durable.committed().then(
      () => {
        emit(200);
        return SUCCESS;
      },
      (error: unknown) => {
        const refusal = uncommittedAnswer(headers.origin as string | undefined, error);
        emit(refusal.status);
        return refusal;
      },
    );
  };

  for (const hapi of hapiListeners) listener.off('request', hapi);
  listener.on('request', fast);
  const unmount = () => {
    listener.off('request', fast);
    for (const hapi of hapiListeners) listener.on('request', hapi);
  };
  return { unmount, answerForwarded };
}

function answered(
  run: Run | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: Buffer,
  received: number,
  remoteAddress: string,
): AnsweredRequest {
  return answeredWith(run, { req, res }, path, body, received, remoteAddress);
}

function answeredWith(
  run: Run | undefined,
  raw: AnsweredRaw,
  path: string,
  body: Buffer,
  received: number,
  remoteAddress: string,
): AnsweredRequest {
  return {
    path,
    method: 'post',
    headers: raw.req.headers,
    payload: body,
    response: null,
    info: { received, responded: 0, remoteAddress },
    raw,
    app: { harnessRun: run },
  };
}

/** The route a request may take the fast path on, or undefined when Hapi must answer it. */
function fastRoute(
  method: string | undefined,
  url: string | undefined,
  headers: HeaderMap,
  core: ServiceCore,
  hosts: HostAllowlist | undefined,
): string | undefined {
  const route = collectionRouteOf(method, url, headers);
  if (route === undefined) return undefined;
  const host = headers.host;
  if (hosts !== undefined && !hosts.allows(typeof host === 'string' ? host : undefined)) return undefined;
  // Faults, the rate limit, a full backlog and a store that cannot commit are answered by the Hapi route.
  if (core.rateLimit !== undefined || core.dispatcher.backlogFull || core.faults.hasPending) return undefined;
  if (core.durable !== undefined && !core.durable.available) return undefined;
  return route;
}
