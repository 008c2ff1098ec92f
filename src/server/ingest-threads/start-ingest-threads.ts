import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { CollectionDoor } from '../../core/collection/collection-door.js';
import { receivedAssessment } from '../../domain/collection/portable-assessment.js';
import { takeClientAddress } from '../client-address.js';
import { answerProtocolErrorsAsJson } from '../protocol-errors.js';
import {
  type ForwardedCall,
  type IngestThreadData,
  type MainToThread,
  type ThreadToMain,
  toWire,
  type WireAnswer,
} from './ingest-thread-protocol.js';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface IngestThreadsOptions {
  /** The server's node:http listener, listening with reusePort (PortSharingServer): the threads bind its port too. */
  readonly listener: HttpServer;
  /** The collection door the threads' calls go to. */
  readonly door: CollectionDoor;
  /** Answers a request as the server's listener does: the requests the threads send on (not under /v1/). */
  readonly answer: RequestListener;
  /** Threads beside the main one. */
  readonly count: number;
  /** Where the threads listen. Default: the listener's own address and port, shared with it through reusePort. */
  readonly address?: { readonly host: string; readonly port: number };
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
  /** Resolves once every thread listens or has failed, with how many listen. */
  readonly ready: Promise<number>;
  /** Calls the threads have handed to the collection door so far. */
  readonly forwarded: () => number;
  /**
   * Takes what the threads have posted, now, and hands their calls to the door; returns how many calls it took. The
   * main listener does so as each of its own requests arrives: a busy main thread otherwise reached the threads'
   * messages once per turn of its event loop, and each of their requests waited that long for its answer.
   */
  readonly takePosted: () => number;
  /** Stops the threads taking connections and answers what they hold; resolves once every thread has. */
  readonly stop: () => Promise<void>;
}

/** At most this many ingest threads: past a few, the main thread, where the core runs, is the limit. */
export const MAX_INGEST_THREADS = 16;

/**
 * One ingest thread per CPU but the main thread's, at least 1 and at most 4: the main thread runs the core on a CPU
 * of its own (on two CPUs, two threads beside it answered less than one and held more memory).
 */
export function defaultIngestThreads(cpus: number = availableParallelism()): number {
  return Math.max(1, Math.min(4, cpus - 1));
}

/**
 * A thread holds a request only while it reads and assesses it: a small young generation is enough, and V8's default
 * (sized for a whole process) cost each thread tens of MB of resident memory under load.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * The thread's module beside this one: built JavaScript; or, where tsx runs the sources (the tests), the
 * TypeScript module behind a line that registers tsx in the thread (a worker does not inherit a loader).
 */
function newThread(workerData: IngestThreadData): Worker {
  const transferList = [workerData.channel];
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./ingest-thread.js', import.meta.url), {
      workerData,
      transferList,
      resourceLimits: THREAD_LIMITS,
    });
  const thread = new URL('./ingest-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(thread)}); });`;
  return new Worker(boot, { eval: true, workerData, transferList, resourceLimits: THREAD_LIMITS });
}

/** How long a stop waits for a thread to answer before it goes on without it. */
const THREAD_ANSWER_MS = 10_000;
/**
 * How long a thread may take to start (its module loaded, listening) before the main thread is told it did not:
 * generous, since a loaded machine (a CI run starting many servers at once) is slow to start threads, and until they
 * listen the main thread takes the connections anyway.
 */
const THREAD_START_MS = 60_000;

/**
 * The main thread's private listener for what the threads send on: a Unix socket in a fresh directory of its own
 * (mode 0700), answered as the server's listener answers, with the client's address the thread carried.
 */
async function startPrivateListener(listener: HttpServer, answer: RequestListener) {
  const dir = mkdtempSync(path.join(tmpdir(), 'event-harness-'));
  const socketPath = path.join(dir, 'private.sock');
  const server = createServer({
    headersTimeout: listener.headersTimeout,
    requestTimeout: listener.requestTimeout,
    connectionsCheckingInterval: 1_000,
  });
  answerProtocolErrorsAsJson(server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    takeClientAddress(req);
    answer(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
  return { socketPath, close };
}

/** Answers of one thread's calls, posted together once the calls taken with them are answered (a microtask later). */
class AnswerBatch {
  readonly #port: MessagePort;
  #ids: number[] = [];
  #answers: WireAnswer[] = [];

  constructor(port: MessagePort) {
    this.#port = port;
  }

  add(id: number, answer: WireAnswer): void {
    this.#ids.push(id);
    this.#answers.push(answer);
    if (this.#ids.length === 1) queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    const message: MainToThread = { kind: 'answers', ids: this.#ids, answers: this.#answers };
    this.#ids = [];
    this.#answers = [];
    this.#port.postMessage(message);
  }
}

/** One started thread, as the main thread keeps it. */
interface Started {
  readonly worker: Worker;
  /** The main thread's end of the thread's channel. */
  readonly port: MessagePort;
  /** Takes what the thread has posted so far, now; returns how many calls it took. */
  readonly takePosted: () => number;
  /** true once it listens; false if it failed or exited first. */
  readonly ready: Promise<boolean>;
  readonly stopped: Promise<void>;
  listens(): boolean;
}

function startThread(
  shared: Omit<IngestThreadData, 'channel'>,
  options: IngestThreadsOptions,
  count: (n: number) => void,
): Started {
  const { port1: port, port2: channel } = new MessageChannel();
  const worker = newThread({ ...shared, channel });
  const answers = new AnswerBatch(port);
  let up = false;
  let listening: (up: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    listening = resolve;
  });
  const take = (forwarded: ForwardedCall) => {
    const { id, call, assessment } = forwarded;
    const entered = assessment === undefined ? call : { ...call, assessment: receivedAssessment(assessment) };
    void options.door.answer(entered).then((answer) => answers.add(id, toWire(answer)));
  };
  /** Returns the calls the message held. */
  let heard: (message: ThreadToMain) => number = () => 0;
  const stopped = new Promise<void>((resolve) => {
    heard = (message: ThreadToMain) => {
      if (message.kind === 'ready') listening((up = true));
      else if (message.kind === 'stopped') resolve();
      else {
        count(message.calls.length);
        for (const forwarded of message.calls) take(forwarded);
        return message.calls.length;
      }
      return 0;
    };
    port.on('message', heard);
    worker.once('error', (error) => {
      listening(false);
      options.onThreadError?.(error);
      resolve();
    });
    worker.once('exit', () => {
      listening(false);
      resolve();
    });
  });
  const takePosted = () => {
    let calls = 0;
    for (let received = receiveMessageOnPort(port); received !== undefined; received = receiveMessageOnPort(port))
      calls += heard(received.message as ThreadToMain);
    return calls;
  };
  return { worker, port, takePosted, ready, stopped, listens: () => up };
}

function addressOf(listener: HttpServer): { host: string; port: number } | undefined {
  const address = listener.address();
  return address === null || typeof address === 'string' ? undefined : { host: address.address, port: address.port };
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

/**
 * Puts `count` threads of node:http beside the main thread on the server's port (reusePort: each thread binds a
 * socket of its own to the same address and port, and the kernel spreads new connections among them and the main
 * listener), so `serve` reads and assesses requests on several cores. A thread hands every request under /v1/ to the
 * main thread's collection door (the one core, journal and dispatcher stay on the main thread), with its assessment,
 * and sends anything else on to the main server over a private Unix socket, so every route, fault and stream
 * answers as on the main thread. A stop closes each thread's socket, waits for what it holds, and ends it.
 */
export async function startIngestThreads(options: IngestThreadsOptions): Promise<IngestThreads> {
  const { listener, count } = options;
  const address = options.address ?? addressOf(listener);
  if (count < 1 || address === undefined)
    return { count: 0, ready: Promise.resolve(0), forwarded: () => 0, takePosted: () => 0, stop: async () => {} };
  const privateListener = await startPrivateListener(listener, options.answer);
  const data: Omit<IngestThreadData, 'channel'> = {
    host: address.host,
    port: address.port,
    privateSocketPath: privateListener.socketPath,
    headersTimeout: listener.headersTimeout,
    requestTimeout: listener.requestTimeout,
    connections: options.connectionCount,
    maxConnections: options.maxConnections,
  };
  let forwarded = 0;
  const threads = Array.from({ length: count }, () => startThread(data, options, (n) => (forwarded += n)));
  const stopThread = ({ worker, port, stopped, listens }: Started, i: number) => {
    // A thread still starting has taken no connection and holds nothing: it is ended at once.
    if (!listens()) {
      port.close();
      return worker.terminate().then(() => undefined);
    }
    port.postMessage({ kind: 'stop' } satisfies MainToThread);
    const late = () =>
      options.onThreadError?.(
        new Error(`ingest thread ${i + 1} did not answer what it held within ${THREAD_ANSWER_MS} ms; it is ended`),
      );
    return bounded(stopped, THREAD_ANSWER_MS, late).finally(() => {
      port.close();
      return worker.terminate();
    });
  };
  const takePosted = () => threads.reduce((calls, thread) => calls + thread.takePosted(), 0);
  // Each request of the main listener's own gives the threads' calls their turn (see IngestThreads.takePosted).
  listener.on('request', takePosted);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all(threads.map(stopThread));
      listener.off('request', takePosted);
      await privateListener.close();
    })());
  const late = new Promise<boolean>((resolve) => setTimeout(resolve, THREAD_START_MS, false).unref());
  const ready = Promise.all(threads.map((thread) => Promise.race([thread.ready, late]))).then(
    (up) => up.filter(Boolean).length,
  );
  return { count, ready, forwarded: () => forwarded, takePosted, stop };
}
