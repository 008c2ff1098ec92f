import { writeKeyFromAuthorization } from '../../domain/collection/read-write-key.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import type { Clock } from '../../clock/clock.js';

/** One collection request as the inspector and GET /__harness/requests show it. */
export interface CollectionRequestRecord {
  readonly seq: number;
  /** Harness clock (virtual on a fake clock). */
  readonly at: string;
  /** Real time the request arrived: a client's retry spacing shows here even while the fake clock stands still. */
  readonly realAt: string;
  readonly method: string;
  readonly path: string;
  readonly writeKey?: string;
  /** Absent when the connection was dropped without an answer. */
  readonly status?: number;
  /** The error code the service answered with (INJECTED_FAULT for a fault from POST /__harness/faults). */
  readonly code?: string;
  /** A fault of POST /__harness/faults answered it, or the connection was dropped. */
  readonly injected: boolean;
  /** Real milliseconds the server took to answer. */
  readonly durationMs: number;
}

/** What an adapter saw of one answered (or dropped) collection request. */
export interface ServedCollectionRequest {
  readonly method: string;
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: HeaderMap;
  /** Undefined when the connection was dropped without an answer. */
  readonly status: number | undefined;
  /** The `code` of an error answer. */
  readonly code: string | undefined;
  /** Real time (epoch ms) the request arrived and was answered. */
  readonly receivedAt: number;
  readonly respondedAt: number;
  /** The body as received (gzip and all), for subscribers; the log itself does not hold it. */
  readonly body?: Uint8Array | string | undefined;
  /** The `message` of an error answer, for subscribers. */
  readonly message?: string | undefined;
}

export type RequestLogListener = (record: CollectionRequestRecord, served: ServedCollectionRequest) => void;

export const DEFAULT_REQUEST_LOG_CAPACITY = 1_000;

/** What the ring holds of a request, as read back: a few fields, not the adapter's headers or body. */
interface Held {
  readonly seq: number;
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly receivedAt: number;
  readonly respondedAt: number;
}

function recordOf(held: Held): CollectionRequestRecord {
  const writeKey = writeKeyFromAuthorization(held.authorization);
  return {
    seq: held.seq,
    at: new Date(held.at).toISOString(),
    realAt: new Date(held.receivedAt).toISOString(),
    method: held.method.toUpperCase(),
    path: held.path,
    ...(writeKey !== undefined ? { writeKey } : {}),
    ...(held.status !== undefined ? { status: held.status } : {}),
    ...(held.code !== undefined ? { code: held.code } : {}),
    injected: held.code === 'INJECTED_FAULT' || held.status === undefined,
    durationMs: Math.max(0, held.respondedAt - held.receivedAt),
  };
}

// The columns of one held request, at these offsets of its slot (see CollectionRequestLog).
const AT = 0;
const RECEIVED_AT = 1;
const RESPONDED_AT = 2;
/** The status, NaN for none (a dropped connection). */
const STATUS = 3;
const TIME_FIELDS = 4;
const METHOD = 0;
const PATH = 1;
const AUTHORIZATION = 2;
const CODE = 3;
const TEXT_FIELDS = 4;

/** `held` when it equals `next`, so one copy of a repeated text is kept. */
function same(held: string | undefined, next: string | undefined): string | undefined {
  return held === next ? held : next;
}

/**
 * The log of collection requests, fed by every adapter (Hapi's response event, the msw handlers) so both
 * show the same: a ring of the last `capacity` requests, a few fields each, shaped into records only when
 * read. Subscribers (the inspector's stream, a client suite) get each record with all the adapter saw, the
 * body included, which the ring does not keep.
 */
export class CollectionRequestLog {
  readonly #clock: Clock;
  readonly #capacity: number;
  // The ring in columns, not an object per request: a request's object lived through a thousand more requests,
  // long enough for the garbage collector to copy it and then promote it, every request of a load test.
  readonly #times: Float64Array;
  readonly #texts: (string | undefined)[];
  readonly #listeners = new Set<RequestLogListener>();
  #seq = 0;

  constructor(clock: Clock, capacity = DEFAULT_REQUEST_LOG_CAPACITY) {
    if (!(Number.isInteger(capacity) && capacity >= 1))
      throw new RangeError(`capacity must be a whole number >= 1; received ${capacity}`);
    this.#clock = clock;
    this.#capacity = capacity;
    this.#times = new Float64Array(capacity * TIME_FIELDS);
    this.#texts = new Array<string | undefined>(capacity * TEXT_FIELDS).fill(undefined);
  }

  /** Requests seen since the start or the last clear (more than are held once over capacity). */
  get total(): number {
    return this.#seq;
  }

  get capacity(): number {
    return this.#capacity;
  }

  record(served: ServedCollectionRequest): void {
    const auth = served.headers.authorization;
    const seq = ++this.#seq;
    const slot = (seq - 1) % this.#capacity;
    const times = this.#times;
    const at = slot * TIME_FIELDS;
    times[at + AT] = this.#clock.now();
    times[at + RECEIVED_AT] = served.receivedAt;
    // No answer time (serve's fast path, a dropped connection): now, when the adapter heard of it. Left at 0,
    // the duration was measured to each read and grew without end.
    times[at + RESPONDED_AT] = served.respondedAt || Date.now();
    times[at + STATUS] = served.status ?? Number.NaN;
    const texts = this.#texts;
    const text = slot * TEXT_FIELDS;
    // The previous request's copy when equal (a load test repeats them): each request's own copy then dies young.
    const previous = ((seq === 1 ? this.#capacity : slot) - 1) * TEXT_FIELDS;
    texts[text + METHOD] = same(texts[previous + METHOD], served.method);
    texts[text + PATH] = same(texts[previous + PATH], served.path);
    texts[text + AUTHORIZATION] = same(texts[previous + AUTHORIZATION], typeof auth === 'string' ? auth : auth?.[0]);
    texts[text + CODE] = served.code;
    if (this.#listeners.size > 0) {
      const record = recordOf(this.#held(seq));
      for (const listener of this.#listeners) listener(record, served);
    }
  }

  #held(seq: number): Held {
    const slot = (seq - 1) % this.#capacity;
    const at = slot * TIME_FIELDS;
    const text = slot * TEXT_FIELDS;
    const times = this.#times;
    const texts = this.#texts;
    const status = times[at + STATUS] ?? Number.NaN;
    return {
      seq,
      at: times[at + AT] ?? 0,
      method: texts[text + METHOD] ?? '',
      path: texts[text + PATH] ?? '',
      authorization: texts[text + AUTHORIZATION],
      status: Number.isNaN(status) ? undefined : status,
      code: texts[text + CODE],
      receivedAt: times[at + RECEIVED_AT] ?? 0,
      respondedAt: times[at + RESPONDED_AT] ?? 0,
    };
  }

  /** The newest `limit` requests held, newest first. */
  newest(limit = this.#capacity): CollectionRequestRecord[] {
    const count = Math.min(limit, this.#seq, this.#capacity);
    const records: CollectionRequestRecord[] = [];
    for (let seq = this.#seq; seq > this.#seq - count; seq--) records.push(recordOf(this.#held(seq)));
    return records;
  }

  /** Calls `listener` for each request recorded from now on; returns the unsubscribe. */
  subscribe(listener: RequestLogListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  clear(): void {
    this.#seq = 0;
    this.#texts.fill(undefined);
  }
}
