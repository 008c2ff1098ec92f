import { HarnessError } from './harness-error.js';
import type { SchemaViolation } from './schema-violation.js';

// Thrown in the caller's process by what talks to a server: the client (createClient), the drivers around
// third-party clients, and the remote harness (createRemoteHarness). None goes on the mock's wire; each carries
// the status a gateway would answer with (400 for input refused, 502 or 504 for a server that failed or did not
// answer in time, 500 otherwise).

/** createClient() received a write key or options it cannot work with. */
export class InvalidClientOptionsError extends HarnessError {
  static override readonly code = 'INVALID_CLIENT_OPTIONS';
  static override readonly httpStatus = 400;

  constructor(
    message: string,
    readonly violations: readonly SchemaViolation[] = [],
  ) {
    super(message);
  }

  override get bodyFields(): Readonly<Record<string, unknown>> {
    return { errors: this.violations };
  }
}

/** A client call broke a message rule of rule 2.3 (checked against schemas/<type>.schema.json); nothing was queued. */
export class InvalidMessageError extends HarnessError {
  static override readonly code = 'INVALID_MESSAGE';
  static override readonly httpStatus = 400;

  constructor(
    readonly messageType: string,
    readonly violations: readonly SchemaViolation[],
  ) {
    super(`${messageType}() was refused and nothing was sent: ${violations.map((v) => v.message).join('; ')}`);
  }

  override get bodyFields(): Readonly<Record<string, unknown>> {
    return { errors: this.violations };
  }
}

/** The client already holds maxQueueSize messages; the call was refused instead of growing memory without bound. */
export class QueueFullError extends HarnessError {
  static override readonly code = 'QUEUE_FULL';

  constructor(readonly maxQueueSize: number) {
    super(
      `the client already holds ${maxQueueSize} unsent messages (maxQueueSize); the call was refused. Await flush(), or raise maxQueueSize`,
    );
  }
}

/** A call reached a client after close(); create a new client instead. */
export class ClientClosedError extends HarnessError {
  static override readonly code = 'CLIENT_CLOSED';

  constructor(operation: string) {
    super(`${operation}() was called after close(); the client accepts no more messages. Create a new client`);
  }
}

/** A batch the client gave up on: a status that is never retried, or the retries ran out. */
export class DeliveryFailedError extends HarnessError {
  static override readonly code = 'DELIVERY_FAILED';
  static override readonly httpStatus = 502;

  constructor(
    message: string,
    readonly attempts: number,
    /** The last HTTP status, when the server answered. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An HTTP request got no complete answer within its timeout (on the caller's clock). */
export class RequestTimeoutError extends HarnessError {
  static override readonly code = 'REQUEST_TIMEOUT';
  // The status the mock answers its own REQUEST_TIMEOUT with: one code, one status.
  static override readonly httpStatus = 408;

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`POST ${url} got no complete answer within ${timeoutMs} ms; raise the timeout option if the server is slow`);
  }
}

/** A third-party client run by the driver refused a call; its own message is kept. */
export class ClientCallRefusedError extends HarnessError {
  static override readonly code = 'CLIENT_CALL_REFUSED';
  static override readonly httpStatus = 502;

  constructor(client: string, op: string, cause: unknown) {
    super(`${client} refused ${op}(): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** A shared event-harness server did not answer (refused, reset, timed out) or answered what is not its admin API. */
export class ServerUnreachableError extends HarnessError {
  static override readonly code = 'SERVER_UNREACHABLE';
  static override readonly httpStatus = 502;
}

/**
 * A shared server's admin API refused a request (a remote harness's call). It carries the server's answer:
 * `code` is the code the server answered (RUN_NOT_FOUND, CLOCK_NOT_FAKE, INVALID_REQUEST, ..., or HTTP_<status>
 * when the answer had none) and `httpStatus` its status, so callers branch on the same codes as against a local
 * harness.
 */
export class AdminApiError extends HarnessError {
  override readonly code: string;
  override readonly httpStatus: number;

  constructor(request: string, status: number, code: string | undefined, message: string | undefined) {
    super(`${request} answered ${status}${code !== undefined ? ` ${code}` : ''}: ${message ?? 'no error message'}`);
    this.code = code ?? `HTTP_${status}`;
    this.httpStatus = status;
  }
}
