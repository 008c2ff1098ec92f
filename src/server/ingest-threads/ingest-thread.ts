// An ingest thread of `serve`: node:http on the listening socket it shares with the main thread. A collection
// request it reads whole and hands to the main thread's fast path (the core lives there); every other request,
// and any the fast path does not answer, it sends on to the main thread's server over a private Unix socket.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { assessRequest } from '../../domain/collection/assess-request.js';
import { answerProtocolErrorsAsJson } from '../protocol-errors.js';
import { ConnectionSlots } from '../connection-slots.js';
import { isCollectionPost, stoppingAnswer } from '../stop-gate.js';
import { collectionRouteOf, readOwnBody, SUCCESS_JSON, successAnswerHeaders } from '../fast-path-answers.js';
import {
  type ForwardedAnswer,
  type ForwardedRequest,
  type IngestThreadData,
  type MainToThread,
  PEER_ADDRESS_HEADER,
  type ThreadToMain,
  postMovingBodies,
} from './ingest-thread-protocol.js';

if (parentPort === null) throw new Error('ingest-thread.ts runs as a worker thread of serve');
const port: MessagePort = parentPort;
const data = workerData as IngestThreadData;
const send = (message: ThreadToMain) => port.postMessage(message);
/** Hop-by-hop headers of the main server's answer: this thread's own connection has its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);
/** How long a stop waits for requests in flight before it closes their connections (serve's stop: docs/limits.md). */
const STOP_GRACE_MS = 5_000;

interface Waiting {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /**
   * Empty once its buffer has moved to the main thread (see flush): an answer that sends the request on brings the
   * bytes back. Still whole where the buffer was copied instead.
   */
  readonly body: Buffer;
}

const waiting = new Map<number, Waiting>();
let nextId = 0;
let queued: ForwardedRequest[] = [];
let stopping = false;
const open = new Set<Socket>();
/** Answers under way, so that a stop can make each close its connection once sent. */
const answers = new Set<ServerResponse>();

function flush(): void {
  const requests = queued;
  queued = [];
  // The bodies move to the main thread (a copy of each cost as much as the rest of the message); one the main
  // thread sends on to its server comes back with the answer.
  postMovingBodies(
    port,
    { kind: 'requests', requests },
    requests.map((request) => request.body),
  );
}

/**
 * Sends the request on to the main thread's server, which answers it as if it had come there. The private connection
 * is kept alive from the server's side (the client's own Connection header is this thread's to honour, not sent
 * on): a server that closed it right after answering made this side's last write fail (EPIPE on a Unix socket) and
 * its answer was lost, though the request had been carried out; and a request answered before its body is read
 * would lose its answer the same way. The server reads such a body to its end; this side closes the connection.
 */
function proxy(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined): void {
  const headers: Record<string, string | string[] | undefined> = {
    ...req.headers,
    connection: 'keep-alive',
    [PEER_ADDRESS_HEADER]: req.socket.remoteAddress ?? '',
  };
  delete headers['keep-alive'];
  const upstream = httpRequest({
    socketPath: data.proxySocketPath,
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
  // The server dropped the connection (a fault that drops it, or a stop) before it answered: this client's is dropped
  // too. Once its answer came, the answer's own stream says whether it arrived whole.
  upstream.on('error', () => {
    if (!answered) res.destroy();
  });
  // The client went away (a closed event stream): the server hears it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (body === undefined) req.pipe(upstream);
  else upstream.end(body);
}

function answer(waiter: Waiting, reply: ForwardedAnswer): void {
  const { req, res, body } = waiter;
  if (reply.kind === 'proxy')
    proxy(
      req,
      res,
      reply.body === undefined ? body : Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength),
    );
  else if (reply.kind === 'success') {
    res.writeHead(200, successAnswerHeaders(req.headers.origin));
    res.end(SUCCESS_JSON);
  } else {
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  }
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
  if (stopping) {
    // Stopping: every connection closes after its answer, and no new events are taken (see StopGate).
    res.setHeader('connection', 'close');
    if (isCollectionPost(req.method, req.url)) {
      const refusal = stoppingAnswer(req.headers.origin);
      res.writeHead(refusal.status, refusal.headers);
      res.end(refusal.body);
      return;
    }
  }
  const route = collectionRouteOf(req.method, req.url, req.headers);
  if (route === undefined) {
    proxy(req, res, undefined);
    return;
  }
  readOwnBody(req, (body, received) => {
    const id = nextId++;
    waiting.set(id, { req, res, body });
    const remoteAddress = req.socket.remoteAddress ?? '';
    // The parse and the checks of every event happen here, on this thread: the main thread journals the result.
    const assessment = assessRequest(route, body, req.headers);
    queued.push({
      id,
      method: 'POST',
      url: req.url ?? '/',
      headers: req.headers,
      body,
      remoteAddress,
      received,
      assessment,
    });
    if (queued.length === 1) setImmediate(flush);
  });
});

port.on('message', (message: MainToThread) => {
  if (message.kind === 'answers') {
    const { ids, answers } = message;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const waiter = waiting.get(id);
      const reply = answers[i];
      if (waiter === undefined || reply === undefined) continue;
      waiting.delete(id);
      answer(waiter, reply);
    }
    return;
  }
  // Stop: no new connection (this thread's descriptor of the socket closes); idle ones now, busy ones once
  // answered (or after the grace).
  stopping = true;
  server.close();
  for (const res of answers) if (!res.headersSent) res.setHeader('connection', 'close');
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
});

// This thread's own descriptor of the server's listening socket (see duplicate-socket.ts).
server.listen({ fd: data.fd }, () => send({ kind: 'ready' }));
