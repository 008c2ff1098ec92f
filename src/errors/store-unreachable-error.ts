import { HarnessError } from './harness-error.js';
import { redactUrlPasswords } from './redact-url-passwords.js';
import { STORE_RETRY_AFTER_SECONDS } from './store-unavailable-error.js';

/** The store URL given to serve or createHarness could not be opened; the message names it without its password. */
export class StoreUnreachableError extends HarnessError {
  readonly code = 'ERR_STORE_UNREACHABLE';
  /** Opening a run's state at run time: a server condition, never the client's fault. */
  readonly httpStatus = 503;
  readonly retryAfterSeconds = STORE_RETRY_AFTER_SECONDS;

  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super(
      redactUrlPasswords(
        `cannot open the store ${url}: ${reason}; check that PostgreSQL runs there and the user may connect (or leave --store out for the in-memory store)`,
      ),
      options,
    );
  }
}
