import type { CaptureBudget, TrimmableCapture } from './capture-budget.js';
import type { CollectionRequestLog, CollectionRequestRecord, ServedCollectionRequest } from './request-log.js';

/** One collection request as GET /__harness/requests/captured answers it: the log's record and all the adapter saw. */
export interface CapturedRequest {
  readonly record: CollectionRequestRecord;
  readonly served: {
    readonly method: string;
    readonly path: string;
    readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
    readonly status?: number;
    readonly code?: string;
    readonly message?: string;
    readonly receivedAt: number;
    readonly respondedAt: number;
    /** The body as received (gzip and all), base64. */
    readonly body: string;
  };
}

export interface CapturedPage {
  /** Pass as `after` next time: the seq of the last request answered here (or the `after` given). */
  readonly next: number;
  /** Requests dropped unread since the last read, because more than `maxBytes` of bodies waited. */
  readonly dropped: number;
  readonly requests: readonly CapturedRequest[];
}

/**
 * Text held unread at most (base64 bodies and header text, plus a fixed charge per request): past it the oldest
 * unread are dropped and counted. Headers count too: empty bodies with 16 KiB of headers each were held
 * without end, as only bodies were counted.
 */
export const DEFAULT_CAPTURE_BYTES = 64 * 1024 * 1024;
/** Requests held unread at most, whatever their size: past it the oldest unread are dropped and counted. */
export const DEFAULT_CAPTURE_REQUESTS = 20_000;
/** What one held request costs besides its body and headers (its record and the objects around it). */
const PER_REQUEST_BYTES = 256;

/** The characters a captured request holds: base64 body, header names and values, and the fixed part. */
function sizeOf(request: CapturedRequest): number {
  let size = PER_REQUEST_BYTES + request.served.body.length;
  for (const [name, value] of Object.entries(request.served.headers)) {
    size += name.length;
    if (typeof value === 'string') size += value.length;
    else if (value !== undefined) for (const item of value) size += item.length;
  }
  return size;
}

function captured(record: CollectionRequestRecord, served: ServedCollectionRequest): CapturedRequest {
  const body =
    served.body === undefined
      ? ''
      : typeof served.body === 'string'
        ? Buffer.from(served.body).toString('base64')
        : Buffer.from(served.body.buffer, served.body.byteOffset, served.body.byteLength).toString('base64');
  return {
    record,
    served: {
      method: served.method,
      path: served.path,
      headers: served.headers,
      ...(served.status !== undefined ? { status: served.status } : {}),
      ...(served.code !== undefined ? { code: served.code } : {}),
      ...(served.message !== undefined ? { message: served.message } : {}),
      receivedAt: served.receivedAt,
      respondedAt: served.respondedAt,
      body,
    },
  };
}

/**
 * The collection requests of one run with their bodies, kept from the first read on until read, for a client
 * that judges them from elsewhere (the client suite with `--server`): the request log keeps no bodies, so this
 * subscribes to it. Each read hands over what came after `after` and forgets what the reader has acknowledged.
 */
export interface RequestCaptureOptions {
  readonly maxBytes?: number;
  readonly maxRequests?: number;
  /** The server-wide bound this capture shares with the other runs' (their sum is bounded too). */
  readonly budget?: CaptureBudget;
}

export class RequestCapture implements TrimmableCapture {
  readonly #maxBytes: number;
  readonly #maxRequests: number;
  readonly #budget: CaptureBudget | undefined;
  #held: CapturedRequest[] = [];
  readonly #sizes = new WeakMap<CapturedRequest, number>();
  #bytes = 0;
  #dropped = 0;
  readonly #unsubscribe: () => void;

  constructor(log: CollectionRequestLog, options: RequestCaptureOptions = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_CAPTURE_BYTES;
    this.#maxRequests = options.maxRequests ?? DEFAULT_CAPTURE_REQUESTS;
    this.#budget = options.budget;
    this.#budget?.join(this);
    this.#unsubscribe = log.subscribe((record, served) => {
      const request = captured(record, served);
      const size = sizeOf(request);
      this.#sizes.set(request, size);
      this.#held.push(request);
      this.#bytes += size;
      while ((this.#bytes > this.#maxBytes || this.#held.length > this.#maxRequests) && this.#held.length > 1)
        this.#dropOldest();
      this.#budget?.charge(this.#bytes - this.#bytesCharged);
      this.#bytesCharged = this.#bytes;
    });
  }

  /** What the budget was last told this capture holds. */
  #bytesCharged = 0;

  get bytes(): number {
    return this.#bytes;
  }

  #dropOldest(): void {
    const oldest = this.#held.shift() as CapturedRequest;
    this.#bytes -= this.#sizes.get(oldest) ?? 0;
    this.#dropped++;
  }

  /** The budget's trim: the oldest unread request goes (counted in the next page's `dropped`); the budget counts it. */
  dropOldest(): boolean {
    if (this.#held.length === 0) return false;
    this.#dropOldest();
    this.#bytesCharged = this.#bytes;
    return true;
  }

  /** Stops capturing: nothing more is held, and the budget no longer counts this capture. */
  close(): void {
    this.#unsubscribe();
    this.#budget?.leave(this);
    this.#held = [];
    this.#bytes = 0;
    this.#bytesCharged = 0;
  }

  /** The requests after seq `after` (at most `limit`), forgetting those up to `after`. */
  read(after: number, limit: number): CapturedPage {
    const keep = this.#held.findIndex((request) => request.record.seq > after);
    const acknowledged = keep === -1 ? this.#held.length : keep;
    for (const request of this.#held.slice(0, acknowledged)) this.#bytes -= this.#sizes.get(request) ?? 0;
    this.#held = this.#held.slice(acknowledged);
    this.#budget?.charge(this.#bytes - this.#bytesCharged);
    this.#bytesCharged = this.#bytes;
    const requests = this.#held.slice(0, limit);
    const dropped = this.#dropped;
    this.#dropped = 0;
    return { next: requests.at(-1)?.record.seq ?? after, dropped, requests };
  }
}
