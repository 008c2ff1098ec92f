import { HarnessError } from './harness-error.js';
import { redactUrlPasswords } from './redact-url-passwords.js';

/** Seconds a client is asked to wait (Retry-After) before it sends again a request the store could not take. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * The durable store cannot be reached now (PostgreSQL restarting, down or not answering): the request was not
 * taken and changed nothing; 503 with Retry-After, so the client sends it again (never a 4xx: the request was fine).
 */
export class StoreUnavailableError extends HarnessError {
  readonly code = 'ERR_STORE_UNAVAILABLE';
  readonly httpStatus = 503;
  readonly retryAfterSeconds = STORE_RETRY_AFTER_SECONDS;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(
      redactUrlPasswords(
        `the durable store (PostgreSQL) cannot be reached now (${reason}); nothing was taken: send the request again after Retry-After`,
      ),
      options,
    );
  }
}
