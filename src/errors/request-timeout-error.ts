import { HarnessError } from './harness-error.js';

/** An HTTP request got no complete answer within its timeout (on the caller's clock). */
export class RequestTimeoutError extends HarnessError {
  readonly code = 'REQUEST_TIMEOUT';

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`POST ${url} got no complete answer within ${timeoutMs} ms; raise the timeout option if the server is slow`);
  }
}
