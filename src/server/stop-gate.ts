import type { Server as HttpServer, ServerResponse } from 'node:http';
import type { CollectionDoor } from '../core/collection/collection-door.js';

/**
 * How `serve` stops taking work when told to stop (docs/limits.md "Stopping serve"): the listening socket is closed
 * at once (new connections are refused), idle kept-alive connections are closed, and every answer from then on,
 * those of requests in flight included, says `Connection: close`, so each connection closes after its request.
 * The collection door answers events that still come on an open connection 503 SERVER_STOPPING with Retry-After.
 */
export class StopGate {
  readonly #listener: HttpServer;
  readonly #door: CollectionDoor;
  readonly #open = new Set<ServerResponse>();

  /** Tracks the listener's answers: attached after every other 'request' listener is in place, it goes first. */
  constructor(listener: HttpServer, door: CollectionDoor) {
    this.#listener = listener;
    this.#door = door;
    listener.prependListener('request', (_req, res: ServerResponse) => {
      if (this.stopping) closeAfter(res);
      this.#open.add(res);
      res.once('close', () => this.#open.delete(res));
    });
  }

  get stopping(): boolean {
    return this.#door.stopping;
  }

  /** Answers in flight, not finished yet. */
  get inFlight(): number {
    return this.#open.size;
  }

  stop(): void {
    if (this.stopping) return;
    this.#door.refuseNewEvents();
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

/** Every answer from now on closes its connection once sent. */
export function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
}
