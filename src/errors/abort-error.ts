import { HarnessError } from './harness-error.js';

/** A wait or request was cancelled through its AbortSignal; `cause` holds the signal's reason. */
export class AbortError extends HarnessError {
  readonly code = 'ERR_ABORTED';

  constructor(message = 'the operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}
