import { HarnessError } from './harness-error.js';
import { redactUrlPasswords } from './redact-url-passwords.js';
import { STORE_RETRY_AFTER_SECONDS } from './store-unavailable-error.js';

/** Writes could not be committed to the durable store: the request is answered 503, so the client retries it. */
export class StoreWriteError extends HarnessError {
  readonly code = 'ERR_STORE_WRITE';
  readonly httpStatus = 503;
  readonly retryAfterSeconds = STORE_RETRY_AFTER_SECONDS;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(
      redactUrlPasswords(
        `the durable store did not commit this request's writes (${reason}); nothing was acknowledged, send it again`,
      ),
      options,
    );
  }
}
