import type { Server as HttpServer, ServerResponse } from 'node:http';
import { corsHeaders } from '../core/collection/cors-rules.js';
import { retryAfterHeader } from '../errors/harness-error.js';
import { ServerStoppingError } from '../errors/server-errors.js';
import { requestObserver } from './request-observer.js';

/**
 * How `serve` stops taking work when told to stop (docs/limits.md "Stopping serve"): the listening socket is closed
 * at once (new connections are refused), idle kept-alive connections are closed, and every answer from then on,
 * those of requests in flight included, says `Connection: close`, so each connection closes after its request.
 * Collection requests that still come on an open connection are answered 503 SERVER_STOPPING with Retry-After.
 */
export class StopGate {
  readonly #listener: HttpServer;
  readonly #open = new Set<ServerResponse>();
  #stopping = false;

  /** Tracks the listener's answers: attached after every other 'request' listener is in place, it goes first. */
  constructor(listener: HttpServer) {
    this.#listener = listener;
    listener.prependListener(
      'request',
      requestObserver((_req, res) => {
        if (this.#stopping) closeAfter(res);
        this.#open.add(res);
        res.once('close', () => this.#open.delete(res));
      }),
    );
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Answers in flight, not finished yet. */
  get inFlight(): number {
    return this.#open.size;
  }

  stop(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    // Closed already when the ingest threads took the connections: the callback takes that error.
    this.#listener.close(() => undefined);
    this.#listener.closeIdleConnections();
    for (const res of this.#open) closeAfter(res);
  }

  /** Resolves once no answer is in flight, or after `ms`. */
  async settled(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.#open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A request that sends events: refused while the server stops (reads and admin requests are still answered). */
export function isCollectionPost(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && url !== undefined && url.startsWith('/v1/');
}

function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
}

/** The answer to a collection request that comes while the server stops: 503 with Retry-After, with CORS. */
export function stoppingAnswer(origin: string | undefined): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const error = new ServerStoppingError();
  const body = JSON.stringify({ success: false, code: error.code, message: error.message });
  return {
    status: error.httpStatus,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...retryAfterHeader(error),
      connection: 'close',
      ...corsHeaders(origin),
    },
    body,
  };
}
