import { gunzipSync } from 'node:zlib';
import type { CollectionRequestRecord, ServedCollectionRequest } from '../../src/index.js';

/** One request the mock collection API received, as the client sent it, with what the mock answered. */
export interface RecordedRequest {
  /** Arrival order within the log, from 0. */
  readonly seq: number;
  /** The last path segment under /v1 (batch, track, b, ...). */
  readonly route: string;
  /** When the request arrived and when the answer went out (harness clock, ms); respondedAt is undefined for a reset. */
  readonly receivedAt: number;
  readonly respondedAt: number | undefined;
  /** The status answered, or undefined when the connection was dropped (reset fault, client gave up). */
  readonly status: number | undefined;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Body bytes after any gzip is undone: what the 500 KiB limit counts. */
  readonly bytes: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  readonly body: unknown;
  /** The mock's message when it refused the request (4xx/5xx body `message`), for failure messages. */
  readonly answer?: string;
}

/** `POST /v1/batch answered 415 ("...")`: a refused request as messages name it. */
export function describeRefusal(request: RecordedRequest): string {
  const status = request.status === undefined ? 'no answer (connection dropped)' : `answered ${request.status}`;
  return `POST /v1/${request.route} ${status}${request.answer !== undefined ? ` (${JSON.stringify(request.answer)})` : ''}${request.headers['content-type'] !== undefined ? ` with Content-Type ${JSON.stringify(request.headers['content-type'])}` : ''}`;
}

type Listener = (request: RecordedRequest) => void;

/**
 * Where the log reads requests from: the core's collection request log (`harness.core.requests`), which every
 * adapter feeds (Hapi, its fast path, msw), or anything with the same subscribe.
 */
export interface CollectionRequestFeed {
  subscribe(listener: (record: CollectionRequestRecord, served: ServedCollectionRequest) => void): () => void;
}

function headerText(value: string | readonly string[] | undefined): string {
  return typeof value === 'string' ? value : (value?.join(', ') ?? '');
}

function decode(payload: Uint8Array | string | undefined, encoding: string): { bytes: number; body: unknown } {
  let buffer =
    payload instanceof Uint8Array
      ? Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
      : Buffer.from(payload ?? '');
  if (/gzip/i.test(encoding)) {
    try {
      buffer = gunzipSync(buffer);
    } catch {
      // The mock answers a bad gzip body with 400 itself; the log keeps the raw bytes.
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(buffer.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { bytes: buffer.length, body };
}

/**
 * Every collection request the mock receives, as the core's request log hands it over (answered and dropped
 * connections alike, the body as sent), so clauses judge what actually went over the wire.
 */
export class RequestLog {
  #requests: RecordedRequest[] = [];
  #seq = 0;
  readonly #listeners = new Set<Listener>();
  /** Listeners that hear of every request for as long as the log lives (clear() does not forget them). */
  readonly #recorders = new Set<Listener>();
  readonly #unsubscribe: () => void;

  constructor(feed: CollectionRequestFeed) {
    this.#unsubscribe = feed.subscribe((_record, served) => {
      if (!served.path.startsWith('/v1/') || served.method.toLowerCase() !== 'post') return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(served.headers)) headers[name.toLowerCase()] = headerText(value);
      const { status } = served;
      const answer = status !== undefined && status >= 400 ? served.message : undefined;
      const recorded: RecordedRequest = {
        seq: this.#seq++,
        route: served.path.slice('/v1/'.length),
        receivedAt: served.receivedAt,
        respondedAt: status !== undefined && served.respondedAt > 0 ? served.respondedAt : undefined,
        status,
        headers,
        ...(answer !== undefined ? { answer } : {}),
        ...decode(served.body, headers['content-encoding'] ?? ''),
      };
      this.#requests.push(recorded);
      for (const recorder of this.#recorders) recorder(recorded);
      for (const listener of this.#listeners) listener(recorded);
    });
  }

  /** Calls `listener` with every request recorded from now on, whatever clear() forgets; answers how to stop. */
  onRecord(listener: Listener): () => void {
    this.#recorders.add(listener);
    return () => this.#recorders.delete(listener);
  }

  /** Stops reading the feed. */
  close(): void {
    this.#unsubscribe();
  }

  /** The requests since the last clear, in arrival order (answers may go out in another order). */
  all(): readonly RecordedRequest[] {
    return [...this.#requests].sort((a, b) => a.receivedAt - b.receivedAt || a.seq - b.seq);
  }

  /** Forgets what was recorded (each run of a clause starts empty). */
  clear(): void {
    this.#requests = [];
  }

  /**
   * Resolves true as soon as `done` holds for the requests recorded so far, or false at the deadline
   * (real time: the client under test is a real process on real time).
   */
  waitFor(
    done: (requests: readonly RecordedRequest[]) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (done(this.all())) return Promise.resolve(true);
    return new Promise((resolve) => {
      const listener: Listener = () => {
        if (!done(this.all())) return;
        finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
        signal?.removeEventListener('abort', abort);
        resolve(result);
      };
      const abort = () => finish(false);
      signal?.addEventListener('abort', abort);
      this.#listeners.add(listener);
    });
  }
}
