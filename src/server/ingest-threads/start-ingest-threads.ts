import { closeSync, fstatSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { Server } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CollectionFastPath } from '../collection-fast-path.js';
import { answerProtocolErrorsAsJson } from '../protocol-errors.js';
import { duplicateSocket } from './duplicate-socket.js';
import {
  type ForwardedAnswer,
  type IngestThreadData,
  type MainToThread,
  PEER_ADDRESS_HEADER,
  postMovingBodies,
  type ThreadToMain,
} from './ingest-thread-protocol.js';

export interface IngestThreadsOptions {
  /** The server's node:http listener, already listening: the threads accept on its socket too. */
  readonly listener: HttpServer;
  readonly fastPath: CollectionFastPath;
  /** Threads beside the main one. */
  readonly count: number;
  /** Open connections at most, in every thread and the main listener together (--max-connections). */
  readonly maxConnections: number;
  /** The main listener's count of open connections (ConnectionSlots.counter): the threads count theirs in it too. */
  readonly connectionCount: SharedArrayBuffer;
  /** Told when a thread fails (it is then left out; the main thread and the others go on answering). */
  readonly onThreadError?: (error: Error) => void;
}

export interface IngestThreads {
  /** Threads started (some may still be starting: connections go to the others until they listen). */
  readonly count: number;
  /**
   * Resolves once every thread listens or has failed, with how many listen; when all do, the main thread has
   * stopped taking connections. `serve` does not wait for it before it answers.
   */
  readonly ready: Promise<number>;
  /** Collection requests the threads have handed to the fast path so far. */
  readonly forwarded: () => number;
  /** Stops the threads taking connections and answers what they hold; resolves once every thread has. */
  readonly stop: () => Promise<void>;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The answer to a forwarded request the fast path failed on: a 500 in the service's shape, naming the error. */
function internalError(error: unknown): ForwardedAnswer {
  const body = JSON.stringify({
    success: false,
    code: 'INTERNAL_ERROR',
    message: `the collection API could not answer: ${(error as Error).message ?? String(error)}`,
  });
  return {
    kind: 'answer',
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) },
    body,
  };
}
/** At most this many ingest threads: past a few, the main thread, where the core runs, is the limit. */
export const MAX_INGEST_THREADS = 16;

/** One ingest thread per CPU, at most 4: the main thread runs the core, and the threads share what is left. */
export function defaultIngestThreads(): number {
  return Math.min(4, availableParallelism());
}

/**
 * A thread holds a request only while it reads and checks it: a small young generation is enough, and V8's default
 * (sized for a whole process) cost each thread tens of MB of resident memory under load.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * The thread's module beside this one: built JavaScript; or, where tsx runs the sources (the tests), the
 * TypeScript module behind a line that registers tsx in the thread (a worker does not inherit a loader).
 */
function newThread(workerData: IngestThreadData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./ingest-thread.js', import.meta.url), { workerData, resourceLimits: THREAD_LIMITS });
  const thread = new URL('./ingest-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(thread)}); });`;
  return new Worker(boot, { eval: true, workerData, resourceLimits: THREAD_LIMITS });
}
/** How long start and stop wait for a thread to answer before they go on without it. */
const THREAD_ANSWER_MS = 10_000;
/**
 * How long a thread may take to start (its socket duplicated, its module loaded, listening) before the main thread
 * is told it did not: generous, since a loaded machine (a CI run starting many servers at once) is slow to start
 * threads, and until they listen the main thread takes the connections anyway.
 */
const THREAD_START_MS = 60_000;

/**
 * Puts `count` threads of node:http beside the main thread on the server's listening socket, so `serve` reads
 * requests on several cores: the kernel hands each new connection to whichever thread accepts first. A thread
 * hands every collection request it reads to the main thread's fast path (the one core, journal and dispatcher
 * stay on the main thread), and sends anything else on to the main server over a private Unix socket, so every
 * route, fault and stream answers as it does on the main thread.
 *
 * Each thread listens on a descriptor of its own for the socket (see duplicate-socket.ts): a descriptor shared
 * between threads would be closed by the first to stop under the others' handles, and the process could give its
 * number to another file while they still watch it. Stopping starts when the server closes its own (no thread
 * takes a connection after that), and ends once every thread has answered what it holds.
 */
export async function startIngestThreads(options: IngestThreadsOptions): Promise<IngestThreads> {
  const { listener, fastPath, count } = options;
  const none: IngestThreads = { count: 0, ready: Promise.resolve(0), forwarded: () => 0, stop: async () => {} };
  const fd = (listener as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0 || count < 1) return none;
  let fds: number[];
  try {
    fds = await duplicateSocket(fd, count, THREAD_START_MS);
  } catch (error) {
    options.onThreadError?.(error as Error);
    return none;
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'event-harness-'));
  const proxySocketPath = path.join(dir, 'proxy.sock');
  const proxyServer = createServer({
    headersTimeout: listener.headersTimeout,
    requestTimeout: listener.requestTimeout,
    connectionsCheckingInterval: 1_000,
  });
  answerProtocolErrorsAsJson(proxyServer);
  proxyServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Each proxied request has a connection of its own, so its socket can carry the client's address.
    const peer = req.headers[PEER_ADDRESS_HEADER];
    delete req.headers[PEER_ADDRESS_HEADER];
    if (typeof peer === 'string')
      Object.defineProperty(req.socket, 'remoteAddress', { value: peer, configurable: true });
    for (const answer of listener.listeners('request') as RequestListener[]) answer.call(listener, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    proxyServer.once('error', reject);
    proxyServer.listen(proxySocketPath, () => resolve());
  });

  const data: Omit<IngestThreadData, 'fd'> = {
    proxySocketPath,
    headersTimeout: listener.headersTimeout,
    requestTimeout: listener.requestTimeout,
    connections: options.connectionCount,
    maxConnections: options.maxConnections,
  };
  let forwarded = 0;
  const threads = fds.map((threadFd) => {
    const worker = newThread({ ...data, fd: threadFd });
    const post = (message: MainToThread) => worker.postMessage(message);
    let failed = false;
    let up = false;
    // true once the thread listens; false if it failed first.
    let listening: (up: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => {
      listening = resolve;
    });
    const answered = (ids: number[], answers: ForwardedAnswer[]) => {
      if (ids.length > 0 && !failed)
        postMovingBodies(
          worker,
          { kind: 'answers', ids, answers },
          answers.map((answer) => (answer.kind === 'proxy' ? answer.body : undefined)),
        );
    };
    const stopped = new Promise<void>((resolve) => {
      worker.on('message', (message: ThreadToMain) => {
        if (message.kind === 'ready') {
          up = true;
          listening(true);
        }
        if (message.kind === 'stopped') resolve();
        if (message.kind !== 'requests') return;
        const ids: number[] = [];
        const answers: ForwardedAnswer[] = [];
        forwarded += message.requests.length;
        for (const request of message.requests) {
          let reply: ForwardedAnswer | Promise<ForwardedAnswer>;
          try {
            reply = fastPath.answerForwarded(request);
          } catch (error) {
            // Not sent on: the core may have taken the request before the error, and must not take it twice.
            reply = internalError(error);
          }
          if (reply instanceof Promise)
            reply.catch(internalError).then((later) => answered([request.id], [withBody(later, request.body)]));
          else {
            ids.push(request.id);
            answers.push(withBody(reply, request.body));
          }
        }
        answered(ids, answers);
      });
      worker.once('error', (error) => {
        failed = true;
        listening(false);
        options.onThreadError?.(error);
        resolve();
      });
      worker.once('exit', () => {
        listening(false);
        resolve();
      });
    });
    return { worker, post, stopped, ready, listens: () => up, fd: threadFd, socketId: identityOf(threadFd) };
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all(
        threads.map(({ post, stopped, worker, listens, fd: threadFd, socketId }, i) => {
          // A thread still starting has taken no connection and holds nothing: it is ended at once, and its
          // descriptor of the listening socket closed (else the kernel still queues connections no one takes).
          if (!listens()) return worker.terminate().then(() => closeIfStill(threadFd, socketId));
          post({ kind: 'stop' });
          return bounded(stopped, THREAD_ANSWER_MS, () =>
            options.onThreadError?.(
              new Error(
                `ingest thread ${i + 1} did not answer what it held within ${THREAD_ANSWER_MS} ms; it is ended`,
              ),
            ),
          ).finally(() => worker.terminate());
        }),
      );
      proxyServer.closeAllConnections();
      await new Promise<void>((resolve) => proxyServer.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    })());
  const late = new Promise<boolean>((resolve) => setTimeout(resolve, THREAD_START_MS, false).unref());
  const ready = Promise.all(threads.map((thread) => Promise.race([thread.ready, late]))).then((up) => {
    // Every thread listens: the main thread stops taking connections (its own keep theirs), so its time goes to
    // the core. The socket stays open through the threads' descriptors. If any thread failed, it goes on taking them.
    if (stopping === undefined && up.every(Boolean)) Server.prototype.close.call(listener);
    return up.filter(Boolean).length;
  });
  return { count, ready, forwarded: () => forwarded, stop };
}

/**
 * The answer as the thread needs it: the thread gave the body away with the request, so one its server is to answer
 * goes back with it. A request sent on was refused or not taken, so nothing on this side holds its body any more.
 */
function withBody(answer: ForwardedAnswer, body: Uint8Array): ForwardedAnswer {
  return answer.kind === 'proxy' ? { kind: 'proxy', body } : answer;
}

/** `promise`, or `ms` later, whichever comes first; `onLate` when it is the bound that ends the wait. */
function bounded(promise: Promise<void>, ms: number, onLate: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      onLate();
      resolve();
    }, ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Which socket a descriptor is (device and inode), to tell it from another file given the same number later. */
function identityOf(fd: number): string | undefined {
  try {
    const stat = fstatSync(fd);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

/** Closes the descriptor if it is still the listening socket it was (a thread that listened closed its own). */
function closeIfStill(fd: number, socketId: string | undefined): void {
  if (socketId === undefined || identityOf(fd) !== socketId) return;
  try {
    closeSync(fd);
  } catch {
    // Closed meanwhile.
  }
}
