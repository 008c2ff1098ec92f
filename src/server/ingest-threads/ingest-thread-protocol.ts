// The messages between serve's main thread (the core, Hapi) and its ingest threads (HTTP on the shared port). Each
// thread has a channel of its own; calls and answers travel in batches, those made in one run of microtasks together.
import type { CollectionAnswer, CollectionCall } from '../../core/collection/collection-answer.js';
import { successAnswer } from '../../core/collection/collection-answer.js';
import type { MessagePort } from 'node:worker_threads';
import type { PortableAssessment } from '../../domain/collection/portable-assessment.js';

/** A request under /v1/ an ingest thread read whole, for the main thread's collection door. */
export interface ForwardedCall {
  readonly id: number;
  /** The call as the thread's front made it; its body's buffer moves to the main thread (see postMovingBodies). */
  readonly call: CollectionCall & { readonly body: Uint8Array };
  /** The pipeline's first stage, made on the thread, when it found nothing wrong (see portableAssessment). */
  readonly assessment: PortableAssessment | undefined;
}

/** The door's answer as it travels: the success answer to a request without Origin (most of them) as one word. */
export type WireAnswer = CollectionAnswer | 'success';

const SUCCESS_ANY_ORIGIN = successAnswer(undefined);

export function toWire(answer: CollectionAnswer): WireAnswer {
  return answer === SUCCESS_ANY_ORIGIN ? 'success' : answer;
}

export function fromWire(answer: WireAnswer): CollectionAnswer {
  return answer === 'success' ? SUCCESS_ANY_ORIGIN : answer;
}

export type ThreadToMain =
  | { readonly kind: 'ready' }
  | { readonly kind: 'calls'; readonly calls: readonly ForwardedCall[] }
  | { readonly kind: 'stopped' };

export type MainToThread =
  | { readonly kind: 'answers'; readonly ids: readonly number[]; readonly answers: readonly WireAnswer[] }
  | { readonly kind: 'stop' };

/** What the main thread gives each ingest thread when it starts it. */
export interface IngestThreadData {
  /** The address and port the main thread's listener is bound to, with reusePort: each thread binds them too. */
  readonly host: string;
  readonly port: number;
  /** The main thread's private listener for requests sent on: a Unix socket only this process knows. */
  readonly privateSocketPath: string;
  /** Node's headers and request timeouts, as the main server sets them. */
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  /** Shared count of open connections in every thread, and the limit on it (--max-connections). */
  readonly connections: SharedArrayBuffer;
  readonly maxConnections: number;
  /** The thread's end of its channel to the main thread, which reads the other end between its own requests too. */
  readonly channel: MessagePort;
}

/**
 * Posts `message` with the buffers of `bodies` moved to the other thread instead of copied: those a body has to
 * itself (never a slice of a shared pool, which would go with it), each once. Where the runtime will not move one
 * (a buffer Node marked untransferable), the message is copied whole instead.
 */
export function postMovingBodies(
  port: { postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void },
  message: ThreadToMain | MainToThread,
  bodies: Iterable<Uint8Array | undefined>,
): void {
  const buffers = new Set<ArrayBuffer>();
  for (const body of bodies)
    if (
      body !== undefined &&
      body.byteLength > 0 &&
      body.byteOffset === 0 &&
      body.buffer instanceof ArrayBuffer &&
      body.byteLength === body.buffer.byteLength
    )
      buffers.add(body.buffer);
  if (buffers.size === 0) {
    port.postMessage(message);
    return;
  }
  try {
    port.postMessage(message, [...buffers]);
  } catch (error) {
    if ((error as Error).name !== 'DataCloneError') throw error;
    port.postMessage(message);
  }
}
