// The messages between serve's main thread (the core, Hapi) and its ingest threads (HTTP on the shared listening
// socket). Each thread has one MessagePort; requests and answers travel in batches, one message per event-loop turn.
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestAssessment } from '../../domain/collection/assess-request.js';

/** A collection request an ingest thread read whole off its connection, handed to the main thread's fast path. */
export interface ForwardedRequest {
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The body's own bytes (its buffer moves to the main thread, not copied: see postMovingBodies). */
  readonly body: Uint8Array;
  readonly remoteAddress: string;
  /** When the request arrived (ms since the epoch), for the request log. */
  readonly received: number;
  /** The thread's decoding and checking of the body (assessRequest), when every event keeps every rule. */
  readonly assessment: RequestAssessment | undefined;
}

/**
 * The main thread's answer: 'success' is the accepted answer (the thread writes the same bytes the fast path
 * does); 'proxy' sends the request on to the server, which answers it as if it had come there (refusals, faults,
 * rate limits, other runs' rules); 'answer' is a complete answer to write (a store that did not commit).
 */
export type ForwardedAnswer =
  | { readonly kind: 'success' }
  /** `body`: the request's bytes handed back, for the thread gave its buffer away with the request. */
  | { readonly kind: 'proxy'; readonly body?: Uint8Array }
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: string;
    };

export type ThreadToMain =
  | { readonly kind: 'ready' }
  | { readonly kind: 'requests'; readonly requests: readonly ForwardedRequest[] }
  | { readonly kind: 'stopped' };

export type MainToThread =
  | { readonly kind: 'answers'; readonly ids: readonly number[]; readonly answers: readonly ForwardedAnswer[] }
  | { readonly kind: 'stop' };

/** What the main thread gives each ingest thread when it starts it. */
export interface IngestThreadData {
  /** The listening socket's file descriptor, shared with the main thread's server. */
  readonly fd: number;
  /** The main thread's private server for proxied requests: a Unix socket only this process knows. */
  readonly proxySocketPath: string;
  /** Node's headers and request timeouts, as the main server sets them. */
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  /** Shared count of open connections in every thread, and the limit on it (--max-connections). */
  readonly connections: SharedArrayBuffer;
  readonly maxConnections: number;
}

/**
 * Header on a proxied request naming the client's address: the main thread's private server sets it as the
 * request's remote address, so the request log, the Host rule and the journal see the real client. The thread
 * always overwrites it, so a client cannot choose it.
 */
export const PEER_ADDRESS_HEADER = 'x-event-harness-peer-address';

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
