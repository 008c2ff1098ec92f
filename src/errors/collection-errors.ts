import { HarnessError } from './harness-error.js';

// The collection API's refusals (/v1/...): what a client sent is not a request the service takes. 400 unless the
// class says otherwise; the body is `{ success: false, code, message }`.

/** A request the collection API refused. */
export abstract class CollectionApiError extends HarnessError {
  static override readonly httpStatus: number = 400;
}

/** The request body is not valid JSON. */
export class InvalidJsonError extends CollectionApiError {
  static override readonly code = 'INVALID_JSON';

  constructor(detail: string) {
    super(`the body is not valid JSON (${detail}); send one JSON object`);
  }
}

/** The body parses but is not the shape the route takes (a JSON object; for batch routes a `batch` array). */
export class InvalidBodyError extends CollectionApiError {
  static override readonly code = 'INVALID_BODY';
}

/** Content-Encoding: gzip but the body does not gunzip. */
export class InvalidGzipError extends CollectionApiError {
  static override readonly code = 'INVALID_GZIP';

  constructor(detail: string) {
    super(`the body is marked Content-Encoding: gzip but does not decompress (${detail})`);
  }
}

/** A Content-Type or Content-Encoding the collection API does not take. */
export class UnsupportedMediaTypeError extends CollectionApiError {
  static override readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  static override readonly httpStatus = 415;

  constructor(what: 'Content-Type' | 'Content-Encoding', received: string, expected: string) {
    super(`${what} ${JSON.stringify(received)} is not supported; send ${expected}`);
  }
}

/** A JSON body nested deeper than the service takes (objects and arrays, the body itself counting as 1). */
export class JsonTooDeepError extends CollectionApiError {
  static override readonly code = 'JSON_TOO_DEEP';

  constructor(
    readonly depth: number,
    readonly limit: number,
  ) {
    super(
      `the JSON body nests ${depth} levels of objects and arrays; at most ${limit} are accepted: flatten the deepest properties`,
    );
  }
}

/** The request body is over the 500 KiB limit (rule 4.2), measured after gzip is undone. */
export class RequestTooLargeError extends CollectionApiError {
  static override readonly code = 'REQUEST_TOO_LARGE';

  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `the request body is ${size} bytes or more; one request may be at most ${limit} bytes (500 KiB) after gzip is undone: split the batch`,
    );
  }
}

/** One event's JSON is over the 32 KiB limit (rule 4.2); the client throws it too, before sending. */
export class EventTooLargeError extends CollectionApiError {
  static override readonly code = 'EVENT_TOO_LARGE';

  constructor(
    readonly pointer: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`${pointer || 'the event'} is ${size} bytes of JSON; one event may be at most ${limit} bytes (32 KiB)`);
  }
}

/** A batch holds more events than the service takes in one request. */
export class BatchTooLongError extends CollectionApiError {
  static override readonly code = 'BATCH_TOO_MANY_EVENTS';

  constructor(
    readonly count: number,
    readonly limit: number,
  ) {
    super(`the batch holds ${count} events; one batch may hold at most ${limit}: split it`);
  }
}

/** Strict mode: one or more events break a message rule; every violation is listed (`errors` in the body). */
export class InvalidEventsError extends CollectionApiError {
  static override readonly code = 'INVALID_EVENTS';

  constructor(
    readonly violations: readonly { readonly pointer: string; readonly rule: string; readonly message: string }[],
  ) {
    const shown = violations
      .slice(0, 5)
      .map((v) => v.message)
      .join('; ');
    super(`${violations.length} violation(s): ${shown}${violations.length > 5 ? '; ...' : ''}`);
  }

  override get bodyFields(): Readonly<Record<string, unknown>> {
    return { errors: this.violations };
  }
}

/**
 * No write key, or an empty one: neither HTTP Basic auth nor writeKey in the body names one. 400, as the real API
 * answered an empty key in 2026 (segmentio/analytics-go#205; docs/decisions.md, "A missing or empty write key").
 */
export class MissingWriteKeyError extends CollectionApiError {
  static override readonly code = 'MISSING_WRITE_KEY';

  constructor() {
    super('no write key: send it as the HTTP Basic username (empty password) or as "writeKey" in the JSON body');
  }
}

/** A write key that no configured source has. */
export class UnknownWriteKeyError extends CollectionApiError {
  static override readonly code = 'UNKNOWN_WRITE_KEY';
  static override readonly httpStatus = 401;

  constructor(
    readonly writeKey: string,
    known: readonly string[],
  ) {
    super(
      `no source has the write key ${JSON.stringify(writeKey)}; configured sources: ${known.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  }
}

/** The delivery store holds as many unfinished deliveries as it may: new work is refused until some finish. */
export class DeliveryBacklogFullError extends CollectionApiError {
  static override readonly code = 'DELIVERY_BACKLOG_FULL';
  static override readonly httpStatus = 429;
  static override readonly retryAfterSeconds = 5;

  constructor(
    readonly pending: number,
    readonly capacity: number,
  ) {
    super(
      `${pending} webhook deliveries are unfinished, the most the mock holds (${capacity}); retry later (Retry-After), let them finish (POST /__harness/clock/run-until-idle) or clear them (POST /__harness/reset)`,
    );
  }
}

/** The snippet's analytics.js is served from @segment/analytics-next (an optional peer dependency), not installed. */
export class AnalyticsNextMissingError extends CollectionApiError {
  static override readonly code = 'ANALYTICS_NEXT_NOT_INSTALLED';
  static override readonly httpStatus = 404;

  constructor(path: string) {
    super(
      `GET ${path}: the snippet's analytics.js is served from the npm package @segment/analytics-next, which is not installed where event-harness runs; install it beside event-harness with: npm install --save-dev @segment/analytics-next`,
    );
  }
}
