import type { Request } from '@hapi/hapi';
import { gunzipSync } from 'node:zlib';
import type { Harness } from '../../src/index.js';

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
}

type Listener = (request: RecordedRequest) => void;

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function decode(payload: unknown, encoding: string): { bytes: number; body: unknown } {
  let buffer = Buffer.isBuffer(payload) ? payload : Buffer.from(typeof payload === 'string' ? payload : '');
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
 * Every collection request the mock receives, recorded from Hapi's response event (which fires for
 * answered and for dropped connections alike), so clauses judge what actually went over the wire.
 */
export class RequestLog {
  #requests: RecordedRequest[] = [];
  #seq = 0;
  readonly #listeners = new Set<Listener>();

  constructor(harness: Harness) {
    harness.server.events.on('response', (request: Request) => {
      if (!request.path.startsWith('/v1/') || request.method !== 'post') return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = headerText(value as string | string[] | undefined);
      const response = request.response as { statusCode?: number } | null;
      const answered = request.raw.res.headersSent;
      const recorded: RecordedRequest = {
        seq: this.#seq++,
        route: request.path.slice('/v1/'.length),
        receivedAt: request.info.received,
        respondedAt: answered && request.info.responded > 0 ? request.info.responded : undefined,
        status: answered ? (response?.statusCode ?? request.raw.res.statusCode) : undefined,
        headers,
        ...decode(request.payload, headers['content-encoding'] ?? ''),
      };
      this.#requests.push(recorded);
      for (const listener of this.#listeners) listener(recorded);
    });
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
  waitFor(done: (requests: readonly RecordedRequest[]) => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
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
