import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A connection still sending its request this long may be closed to make room for a new one when every slot is
 * taken (docs/limits.md "Slow clients"): no request of a client that sends at once takes this long.
 */
export const SLOW_REQUEST_EVICT_MS = 1_000;
/** How often each listener looks for room to make (see ConnectionSlots). */
const SWEEP_MS = 250;

/**
 * The connection cap, with room kept for new clients (docs/limits.md "Slow clients"): when every slot is taken, a
 * new connection closes an idle kept-alive connection, else the oldest one still sending its request after
 * SLOW_REQUEST_EVICT_MS; only when neither exists is the new connection closed. So connections held open by clients
 * that send half a request (slowloris) or nothing at all cannot keep others out: each new client takes the slot of
 * the slowest. A connection whose request is complete (the server owes it an answer) is never closed for another.
 *
 * The count is shared (a SharedArrayBuffer) by the main listener and every ingest thread's: one cap for all; each
 * closes its own connections to make room. Since the slow connections may be another listener's than the one a new
 * client reaches, each listener also sweeps its own every SWEEP_MS once more than half the cap is open: every
 * connection still sending its request past SLOW_REQUEST_EVICT_MS is closed, and idle ones past it while the open
 * connections are past the cap less a reserve (a sixteenth of it).
 */
export class ConnectionSlots {
  readonly counter: SharedArrayBuffer;
  readonly #count: Int32Array;
  readonly #cap: number;
  /** Connections idle between requests, oldest first. */
  readonly #idle = new Map<Socket, number>();
  /** Connections still sending a request (headers or body), by when they started, oldest first. */
  readonly #sending = new Map<Socket, number>();

  constructor(cap: number, counter = new SharedArrayBuffer(4)) {
    this.#cap = cap;
    this.counter = counter;
    this.#count = new Int32Array(counter);
  }

  /** Connections open at most, over every listener sharing the count. */
  get cap(): number {
    return this.#cap;
  }

  /** Connections open, over every listener sharing the count. */
  get open(): number {
    return Atomics.load(this.#count, 0);
  }

  /** Takes over the listener's connection limit (its own maxConnections is lifted: this one closes for room). */
  attach(listener: HttpServer, refuse: () => boolean = () => false): void {
    listener.maxConnections = Number.POSITIVE_INFINITY;
    const sweep = setInterval(() => this.#keepReserve(), SWEEP_MS);
    sweep.unref();
    listener.once('close', () => clearInterval(sweep));
    listener.on('connection', (socket: Socket) => this.#connected(socket, refuse()));
    listener.on('request', (req: IncomingMessage, res: ServerResponse) => this.#request(req, res));
  }

  #connected(socket: Socket, refuse: boolean): void {
    const open = Atomics.add(this.#count, 0, 1) + 1;
    socket.once('close', () => {
      Atomics.sub(this.#count, 0, 1);
      this.#idle.delete(socket);
      this.#sending.delete(socket);
    });
    if (refuse || (open > this.#cap && !this.#makeRoom())) {
      socket.destroy();
      return;
    }
    this.#sending.set(socket, Date.now());
  }

  /**
   * Closes the connection idle longest (any idle one when `idleFor` is 0), else the slowest sender past the bound;
   * false when none may go.
   */
  #makeRoom(idleFor = 0): boolean {
    const now = Date.now();
    const idle = this.#idle.entries().next();
    const oldest = this.#sending.entries().next();
    const victim =
      !idle.done && now - idle.value[1] >= idleFor
        ? idle.value[0]
        : !oldest.done && now - oldest.value[1] >= SLOW_REQUEST_EVICT_MS
          ? oldest.value[0]
          : undefined;
    if (victim === undefined) return false;
    victim.destroy();
    this.#idle.delete(victim);
    this.#sending.delete(victim);
    return true;
  }

  #keepReserve(): void {
    let open = Atomics.load(this.#count, 0);
    if (open <= this.#cap / 2) return;
    // Past half the cap, no connection may take longer than the bound to send its request.
    const now = Date.now();
    for (const [socket, since] of this.#sending) {
      if (now - since < SLOW_REQUEST_EVICT_MS) break;
      socket.destroy();
      this.#sending.delete(socket);
      open--;
    }
    const keep = this.#cap - Math.max(1, Math.floor(this.#cap / 16));
    while (open > keep && this.#makeRoom(SLOW_REQUEST_EVICT_MS)) open--;
  }

  #request(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    if (!this.#sending.has(socket)) {
      // A kept-alive connection's next request: it was idle.
      this.#idle.delete(socket);
      this.#sending.set(socket, Date.now());
    }
    // Its request read whole, the connection waits for its answer: never closed for room.
    const received = () => this.#sending.delete(socket);
    if (req.complete) received();
    else req.once('end', received);
    res.once('finish', () => {
      this.#sending.delete(socket);
      if (!socket.destroyed) this.#idle.set(socket, Date.now());
    });
  }
}
