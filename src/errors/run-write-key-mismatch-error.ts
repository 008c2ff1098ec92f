import { HarnessError } from './harness-error.js';
import { clipReceived } from './clip-received.js';

/** A collection request whose X-Harness-Run header names one run while its write key belongs to another. */
export class RunWriteKeyMismatchError extends HarnessError {
  readonly code = 'RUN_WRITE_KEY_MISMATCH';
  readonly httpStatus = 409;

  constructor(
    readonly writeKey: string,
    readonly headerRunId: string,
    readonly ownerRunId: string,
  ) {
    super(
      `the X-Harness-Run header names run "${headerRunId}" but the write key ${clipReceived(JSON.stringify(writeKey))} belongs to run "${ownerRunId}"; send the run's own key, or drop the header and let the key choose the run`,
    );
  }
}
