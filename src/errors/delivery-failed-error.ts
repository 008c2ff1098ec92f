import { HarnessError } from './harness-error.js';

/** A batch the client gave up on: a status that is never retried, or the retries ran out. */
export class DeliveryFailedError extends HarnessError {
  readonly code = 'DELIVERY_FAILED';

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
