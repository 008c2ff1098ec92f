import type { CapturedPage } from '../../core/collection/request-capture.js';
import type { CollectionRequestRecord, RequestLogListener } from '../../core/collection/request-log.js';
import type { AdminHttpClient } from './admin-http-client.js';

/** Real milliseconds between two reads of the capture while it runs. */
const POLL_MS = 15;

/**
 * A run's collection request log on a shared server. `newest()` reads GET /requests; `capture()` makes the server
 * keep each request with its body (GET /requests/captured) and hands every one to the subscribers, as a local
 * harness's `core.requests.subscribe` does, a few milliseconds later. Times in the records are the server's.
 */
export class RemoteRequestLog {
  readonly #admin: AdminHttpClient;
  readonly #listeners = new Set<RequestLogListener>();
  #next = 0;
  #loop: Promise<void> | undefined;
  #stopped = false;
  #dropped = 0;
  #error: Error | undefined;
  #wake: (() => void) | undefined;
  /** Reads one after another: two at once would hand the same page to the subscribers twice. */
  #reading: Promise<void> = Promise.resolve();

  constructor(admin: AdminHttpClient) {
    this.#admin = admin;
  }

  /** The newest `limit` requests the run's log holds (no bodies), newest first. */
  async newest(limit = 100): Promise<readonly CollectionRequestRecord[]> {
    return (await this.#admin.get<{ requests: CollectionRequestRecord[] }>('/requests', { limit })).requests;
  }

  /** Requests the server dropped unread (more than 64 MiB of bodies waited): a reader that sees > 0 missed some. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The last error a read met (the loop keeps trying until stop), or undefined. */
  get error(): Error | undefined {
    return this.#error;
  }

  /** Starts capturing: resolves once the server keeps bodies, so every request from now on reaches the subscribers. */
  async capture(): Promise<void> {
    if (this.#loop !== undefined) return;
    await this.#readInTurn();
    this.#loop = this.#run();
  }

  /**
   * Resolves once every request the server logged before this call has reached the subscribers, without waiting
   * for the next poll: a reader that clears its own log at a boundary calls this first, so nothing from before
   * the boundary arrives after it.
   */
  async catchUp(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#readInTurn();
    } catch (error) {
      // Stopped meanwhile: the run is being deleted (close), so a read that met its 404 has nothing left to hand over.
      if (!this.#stopped) throw error;
    }
  }

  subscribe(listener: RequestLogListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops reading; resolves when the last read is over. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      // Unreferenced: a capture left running (no close) does not keep the process alive on its own; stop() ends
      // the pause at once, so closing never waits on this timer.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS).unref();
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
      if (this.#stopped) break;
      try {
        await this.#readInTurn();
        this.#error = undefined;
      } catch (error) {
        this.#error = error as Error;
      }
    }
  }

  #readInTurn(): Promise<void> {
    const read = this.#reading.then(() => this.#read());
    this.#reading = read.catch(() => undefined);
    return read;
  }

  async #read(): Promise<void> {
    for (;;) {
      const page = await this.#admin.get<CapturedPage>('/requests/captured', { after: this.#next });
      this.#dropped += page.dropped;
      this.#next = page.next;
      for (const { record, served } of page.requests) {
        const body = Buffer.from(served.body, 'base64');
        for (const listener of this.#listeners)
          listener(record, {
            ...served,
            status: served.status,
            code: served.code,
            body,
          });
      }
      if (page.requests.length < 500 || this.#stopped) return;
    }
  }
}
