import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Server as HapiServer } from '@hapi/hapi';
import type { ServiceCore } from '../core/service-core.js';
import type { Run, RunRegistry } from '../core/runs/run-registry.js';
import { runOfHeaders } from '../core/runs/collection-run.js';
import { COLLECTION_ROUTES } from '../domain/collection/collection-routes.js';
import { SUCCESS_RESPONSE, type HeaderMap } from '../domain/collection/collection-service.js';
import { ANY_ORIGIN_CORS, CORS_EXPOSED_HEADERS, corsHeaders } from '../core/collection/cors-rules.js';
import { StoreWriteError } from '../errors/store-write-error.js';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';
import { HostAllowlist, isLoopbackBind } from './host-allowlist.js';

export interface CollectionFastPathOptions {
  readonly core: ServiceCore;
  /** The server's runs (default run `core`): a request goes to its write key's run, found from its headers. */
  readonly runs?: RunRegistry;
  /** The address the server is bound to and the --allow-host names: the same Host rule as the Hapi edge. */
  readonly host: string;
  readonly allowedHosts?: readonly string[];
}

const SUCCESS_JSON = '{"success":true}';
/** Exactly what the collection plugin writes for an accepted request (see collection-plugin.ts). */
const SUCCESS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(SUCCESS_JSON)),
  'cache-control': 'no-cache',
});
const SUCCESS_HEADERS_ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  ...SUCCESS_HEADERS,
  ...ANY_ORIGIN_CORS,
});
/** Bodies the fast path reads; anything larger (or of unknown length) goes to Hapi, whose raw guard answers. */
const FAST_BODY_LIMIT = 8 * 1024 * 1024;
/** Headers of an injected answer that belong to that exchange, not to the one on the socket. */
const HOP_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'date']);

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

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
  readonly raw: { readonly req: IncomingMessage; readonly res: ServerResponse };
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
 * Returns a function that puts Hapi's own listeners back.
 */
export function mountCollectionFastPath(server: HapiServer, options: CollectionFastPathOptions): () => void {
  const listener = server.listener as HttpServer;
  const { runs } = options;
  const hosts = isLoopbackBind(options.host) ? new HostAllowlist(options.host, options.allowedHosts) : undefined;
  const hapiListeners = listener.listeners('request') as RequestListener[];
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
    // commit answers 503 ERR_STORE_WRITE (the client sends it again).
    const durable = core.durable;
    if (durable === undefined) succeed(run, req, res, path, body, received, remoteAddress);
    else
      durable.flushed().then(
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
    const headers = req.headers;
    const origin = headers.origin;
    res.writeHead(
      200,
      origin === undefined
        ? SUCCESS_HEADERS_ANY_ORIGIN
        : {
            ...SUCCESS_HEADERS,
            'access-control-allow-origin': origin,
            'access-control-expose-headers': CORS_EXPOSED_HEADERS,
            vary: 'origin',
          },
    );
    res.end(SUCCESS_JSON);
    emitResponse(answered(run, req, res, path, body, received, remoteAddress));
  };

  const fast: RequestListener = (req, res) => {
    // Which run answers (one map read); undefined when that needs the body or a header to check: Hapi decides.
    const run = runs === undefined ? undefined : runOfHeaders(runs, req.headers as HeaderMap);
    const core = runs === undefined ? options.core : run?.core;
    const route = core === undefined ? undefined : fastRoute(req, core, hosts);
    if (route === undefined) {
      toHapi(req, res);
      return;
    }
    const received = Date.now();
    const length = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = ownBody(chunks, length);
      answer(run, core as ServiceCore, req, res, `/v1/${route}`, route, body, received);
    });
  };
  listener.removeAllListeners('request');
  listener.on('request', fast);
  return () => {
    listener.off('request', fast);
    for (const hapi of hapiListeners) listener.on('request', hapi);
  };
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
  return {
    path,
    method: 'post',
    headers: req.headers,
    payload: body,
    response: null,
    info: { received, responded: 0, remoteAddress },
    raw: { req, res },
    app: { harnessRun: run },
  };
}

/** The Hapi route's answer when the store did not commit a request's writes: 503 ERR_STORE_WRITE, with CORS. */
function writeUncommitted(res: ServerResponse, origin: string | undefined, error: unknown): void {
  const refusal =
    error instanceof StoreWriteError ? error : new StoreWriteError((error as Error).message ?? String(error));
  const text = JSON.stringify({
    success: false,
    code: refusal.code,
    message: redactUrlPasswords(refusal.message),
  });
  res.writeHead(refusal.httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-cache',
    ...corsHeaders(origin),
  });
  res.end(text);
}

/**
 * The body as one exact-size buffer nothing else holds: node:http copies each body chunk out of the socket's
 * buffer into one of its own, so a lone chunk is used as it is; several are joined into a new, unpooled buffer
 * (Buffer.concat would take a small one from the shared pool, and keeping it would pin the pool's 8 KiB).
 */
export function ownBody(chunks: readonly Buffer[], length: number): Buffer {
  const first = chunks[0];
  if (chunks.length === 1 && first !== undefined && first.byteOffset === 0 && first.buffer.byteLength === first.length)
    return first;
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const body = Buffer.allocUnsafeSlow(Number.isInteger(length) ? Math.min(length, size) : size);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= body.length) break;
    offset += chunk.copy(body, offset);
  }
  return body;
}

/** The route a request may take the fast path on, or undefined when Hapi must answer it. */
function fastRoute(req: IncomingMessage, core: ServiceCore, hosts: HostAllowlist | undefined): string | undefined {
  if (req.method !== 'POST') return undefined;
  const url = req.url;
  if (url === undefined || !url.startsWith('/v1/')) return undefined;
  const route = url.slice(4);
  if (!Object.hasOwn(COLLECTION_ROUTES, route)) return undefined;
  const lengthHeader = req.headers['content-length'];
  if (lengthHeader === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
  const length = Number(lengthHeader);
  if (!Number.isInteger(length) || length > FAST_BODY_LIMIT) return undefined;
  const host = req.headers.host;
  if (hosts !== undefined && !hosts.allows(host)) return undefined;
  // Faults, the rate limit and a full backlog are answered by the Hapi route, which owns them.
  if (core.rateLimit !== undefined || core.dispatcher.backlogFull || core.faults.hasPending) return undefined;
  return route;
}

/** A request the core refused, answered by Hapi exactly as if it had come there (its 'response' event too). */
function replayThroughHapi(
  server: HapiServer,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  remoteAddress: string,
): void {
  server
    .inject({
      method: 'POST',
      url: req.url ?? '/',
      headers: req.headers as Record<string, string>,
      payload: body,
      remoteAddress,
    })
    .then((replayed) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(replayed.headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name))
          headers[name] = typeof value === 'number' ? String(value) : value;
      }
      res.writeHead(replayed.statusCode, headers);
      res.end(replayed.rawPayload);
    })
    .catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          success: false,
          code: 'INTERNAL_ERROR',
          message: `the collection API could not answer: ${(error as Error).message}`,
        }),
      );
    });
}
