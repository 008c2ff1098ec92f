// An ingest thread of `serve`: node:http on the port the main thread listens on too (reusePort). A request under
// /v1/ it reads whole and assesses (the collection pipeline's first stage) and hands to the main thread's collection
// door, where the state lives; every other request it sends on to the main thread's server over a private socket.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ListenOptions, Socket } from 'node:net';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { CollectionAnswer, CollectionCall } from '../../core/collection/collection-answer.js';
import { collectionRouteOf } from '../../core/collection/collection-answer.js';
import { assessRequest } from '../../domain/collection/assess-request.js';
import { routeKind } from '../../domain/collection/collection-routes.js';
import { type PortableAssessment, portableAssessment } from '../../domain/collection/portable-assessment.js';
import { CLIENT_ADDRESS_HEADER } from '../client-address.js';
import { answerThroughDoor, collectionPathOf } from '../collection-front.js';
import { ConnectionSlots } from '../connection-slots.js';
import { answerProtocolErrorsAsJson } from '../protocol-errors.js';
import { closeAfter } from '../stop-gate.js';
import {
  type ForwardedCall,
  fromWire,
  type IngestThreadData,
  type MainToThread,
  postMovingBodies,
  type ThreadToMain,
} from './ingest-thread-protocol.js';

if (parentPort === null) throw new Error('ingest-thread.ts runs as a worker thread of serve');
const data = workerData as IngestThreadData;
const port: MessagePort = data.channel;
const send = (message: ThreadToMain) => port.postMessage(message);
/** Hop-by-hop headers of the main server's answer: this thread's own connection has its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);
/** How long a stop waits for requests in flight before it closes their connections (serve's stop: docs/limits.md). */
const STOP_GRACE_MS = 5_000;

const waiting = new Map<number, (answer: CollectionAnswer) => void>();
let nextId = 0;
let queued: ForwardedCall[] = [];
let stopping = false;
const open = new Set<Socket>();
/** Answers under way, so that a stop can make each close its connection once sent. */
const answers = new Set<ServerResponse>();

function flush(): void {
  const calls = queued;
  queued = [];
  // The bodies move to the main thread: a copy of each cost as much as the rest of the message.
  postMovingBodies(
    port,
    { kind: 'calls', calls },
    calls.map((forwarded) => forwarded.call.body),
  );
}

/** The assessment of a POST to a collection route, made here so the main thread need not (when nothing is wrong). */
function assessmentOf(call: CollectionCall & { readonly body: Uint8Array }): PortableAssessment | undefined {
  const route = collectionRouteOf(call.path);
  if (call.method !== 'POST' || call.oversized !== undefined || route === undefined || routeKind(route) === undefined)
    return undefined;
  return portableAssessment(assessRequest(route, call.body, call.headers), call.body);
}

/**
 * The way to the collection door from this thread: the call goes to the main thread once the microtasks of the
 * request that made it are done (a batch, when several requests were read at once), not at the end of this thread's
 * event-loop turn: every microsecond it waits here is one the client waits for its answer.
 */
function viaMainThread(call: CollectionCall): Promise<CollectionAnswer> {
  const body = typeof call.body === 'string' ? Buffer.from(call.body) : call.body;
  const forwarded = { ...call, body };
  const id = nextId++;
  const answer = new Promise<CollectionAnswer>((resolve) => waiting.set(id, resolve));
  queued.push({ id, call: forwarded, assessment: assessmentOf(forwarded) });
  if (queued.length === 1) queueMicrotask(flush);
  return answer;
}

/**
 * Sends the request on to the main thread's server, which answers it as if it had come there. The private connection
 * is kept alive from the server's side (the client's own Connection header is this thread's to honour, not sent
 * on): a server that closed it right after answering made this side's last write fail (EPIPE on a Unix socket) and
 * its answer was lost, though the request had been carried out; and a request answered before its body is read
 * would lose its answer the same way. The server reads such a body to its end; this side closes the connection.
 */
function sendOn(req: IncomingMessage, res: ServerResponse): void {
  const headers: Record<string, string | string[] | undefined> = {
    ...req.headers,
    connection: 'keep-alive',
    // Always set here, so a client cannot choose it: only the private listener reads it.
    [CLIENT_ADDRESS_HEADER]: req.socket.remoteAddress ?? '',
  };
  delete headers['keep-alive'];
  const upstream = httpRequest({
    socketPath: data.privateSocketPath,
    method: req.method,
    path: req.url,
    headers,
    agent: false,
  });
  let answered = false;
  upstream.on('response', (answer) => {
    answered = true;
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_HEADERS.has(name)) out[name] = value;
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  // The server dropped the connection (a stop) before it answered: this client's is dropped too. Once its answer
  // came, the answer's own stream says whether it arrived whole.
  upstream.on('error', () => {
    if (!answered) res.destroy();
  });
  // The client went away (a closed event stream): the server hears it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

function onMessage(message: MainToThread): void {
  if (message.kind === 'stop') {
    stop();
    return;
  }
  const { ids, answers: replies } = message;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    const resolve = waiting.get(id);
    const reply = replies[i];
    if (resolve === undefined || reply === undefined) continue;
    waiting.delete(id);
    resolve(fromWire(reply));
  }
}

/**
 * Stop: no new connection (this thread's socket on the port closes); idle ones now, busy ones once answered (or after
 * the grace).
 */
function stop(): void {
  stopping = true;
  server.close();
  for (const res of answers) closeAfter(res);
  const started = Date.now();
  const settle = () => {
    server.closeIdleConnections();
    if (open.size === 0 || Date.now() - started > STOP_GRACE_MS) {
      for (const socket of open) socket.destroy();
      send({ kind: 'stopped' });
      return;
    }
    setTimeout(settle, 20);
  };
  settle();
}

const server = createServer({
  headersTimeout: data.headersTimeout,
  requestTimeout: data.requestTimeout,
  connectionsCheckingInterval: 1_000,
});
answerProtocolErrorsAsJson(server);
// One cap for every thread's connections and the main thread's together, as --max-connections says, with room made
// for new clients by closing the slowest (see ConnectionSlots).
new ConnectionSlots(data.maxConnections, data.connections).attach(server, () => stopping);
server.on('connection', (socket: Socket) => {
  if (socket.destroyed) return;
  open.add(socket);
  socket.once('close', () => open.delete(socket));
});
server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  answers.add(res);
  res.once('close', () => answers.delete(res));
  // Stopping: every connection closes after its answer (the door refuses new events: see StopGate).
  if (stopping) closeAfter(res);
  const path = collectionPathOf(req.url);
  if (path === undefined) sendOn(req, res);
  else answerThroughDoor(req, res, path, viaMainThread).catch(() => res.destroy());
});
port.on('message', onMessage);

// The port the main thread listens on, shared through reusePort: the kernel spreads new connections among the sockets.
const listenOptions: ListenOptions & { reusePort: boolean } = { host: data.host, port: data.port, reusePort: true };
server.listen(listenOptions, () => send({ kind: 'ready' }));
