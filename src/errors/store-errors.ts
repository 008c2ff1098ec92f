import { HarnessError } from './harness-error.js';
import { redactUrlPasswords } from './redact-url-passwords.js';

// The durable store (PostgreSQL): a server condition, never the client's fault, so 503 with Retry-After and the
// client sends the request again (never a 4xx: the request was fine). Messages name URLs without their passwords.

/** Seconds a client is asked to wait (Retry-After) before it sends again a request the store could not take. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/** The durable store could not do what a request or a start needed. */
export abstract class StoreError extends HarnessError {
  static override readonly httpStatus: number = 503;
  static override readonly retryAfterSeconds: number | undefined = STORE_RETRY_AFTER_SECONDS;

  constructor(message: string, options?: { cause?: unknown }) {
    super(redactUrlPasswords(message), options);
  }
}

/**
 * The durable store cannot be reached now (PostgreSQL restarting, down or not answering): the request was not
 * taken and changed nothing.
 */
export class StoreUnavailableError extends StoreError {
  static override readonly code = 'STORE_UNAVAILABLE';

  constructor(reason: string, options?: { cause?: unknown }) {
    super(
      `the durable store (PostgreSQL) cannot be reached now (${reason}); nothing was taken: send the request again after Retry-After`,
      options,
    );
  }
}

/** The store URL given to serve or createHarness could not be opened (at a start, or opening a run's state). */
export class StoreUnreachableError extends StoreError {
  static override readonly code = 'STORE_UNREACHABLE';

  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super(
      `cannot open the store ${url}: ${reason}; check that PostgreSQL runs there and the user may connect (or leave --store out for the in-memory store)`,
      options,
    );
  }
}

/** Writes could not be committed to the durable store: the request is answered 503, so the client retries it. */
export class StoreWriteError extends StoreError {
  static override readonly code = 'STORE_WRITE';

  constructor(reason: string, options?: { cause?: unknown }) {
    super(
      `the durable store did not commit this request's writes (${reason}); nothing was acknowledged, send it again`,
      options,
    );
  }
}

/**
 * The store's PostgreSQL cannot give this node the connections it may open (its pool and its LISTEN connection):
 * refused at start, naming max_connections, instead of failing later when the pool grows. Waiting does not help,
 * so no Retry-After.
 */
export class StoreConnectionLimitError extends StoreError {
  static override readonly code = 'STORE_CONNECTION_LIMIT';
  static override readonly retryAfterSeconds = undefined;

  constructor(
    readonly needed: number,
    readonly limit: { readonly maxConnections: number; readonly reserved: number; readonly inUse: number },
  ) {
    const free = limit.maxConnections - limit.reserved - limit.inUse;
    super(
      `the store's PostgreSQL allows max_connections = ${limit.maxConnections} (${limit.reserved} reserved for superusers) and ${limit.inUse} are in use, so ${Math.max(0, free)} are free; this node may open ${needed} (its pool of ${needed - 1}, --store-connections, and one to LISTEN): raise max_connections in postgresql.conf or give a smaller --store-connections`,
    );
  }
}
