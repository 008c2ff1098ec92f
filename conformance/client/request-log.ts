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
  /** The mock's message when it refused the request (4xx/5xx body `message`), for failure messages. */
  readonly answer?: string;
}

/** `POST /v1/batch answered 415 ("...")`: a refused request as messages name it. */
export function describeRefusal(request: RecordedRequest): string {
  const status = request.status === undefined ? 'no answer (connection dropped)' : `answered ${request.status}`;
  return `POST /v1/${request.route} ${status}${request.answer !== undefined ? ` (${JSON.stringify(request.answer)})` : ''}${request.headers['content-type'] !== undefined ? ` with Content-Type ${JSON.stringify(request.headers['content-type'])}` : ''}`;
}

function answerOf(response: unknown): string | undefined {
  if (response === null || typeof response !== 'object') return undefined;
  const r = response as { source?: unknown; output?: { payload?: unknown } };
  for (const body of [r.source, r.output?.payload]) {
    if (body !== null && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string')
      return (body as { message: string }).message;
    if (typeof body === 'string' && body !== '') {
      try {
        const parsed = JSON.parse(body) as { message?: unknown };
        if (typeof parsed.message === 'string') return parsed.message;
      } catch {
        return body.slice(0, 200);
      }
    }
  }
  return undefined;
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
      for (const [name, value] of Object.entries(request.headers))
        headers[name.toLowerCase()] = headerText(value as string | string[] | undefined);
      const response = request.response as { statusCode?: number } | null;
      const answered = request.raw.res.headersSent;
      const status = answered ? (response?.statusCode ?? request.raw.res.statusCode) : undefined;
      const answer = status !== undefined && status >= 400 ? answerOf(request.response) : undefined;
      const recorded: RecordedRequest = {
        seq: this.#seq++,
        route: request.path.slice('/v1/'.length),
        receivedAt: request.info.received,
        respondedAt: answered && request.info.responded > 0 ? request.info.responded : undefined,
        status,
        headers,
        ...(answer !== undefined ? { answer } : {}),
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
