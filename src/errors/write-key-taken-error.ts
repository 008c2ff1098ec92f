import { HarnessError } from './harness-error.js';
import { clipReceived } from './clip-received.js';

/** A new run's config names a write key that another run already owns: the collection API could not tell them apart. */
export class WriteKeyTakenError extends HarnessError {
  readonly code = 'WRITE_KEY_TAKEN';
  readonly httpStatus = 409;

  constructor(
    readonly writeKey: string,
    readonly ownerRunId: string,
  ) {
    super(
      `the write key ${clipReceived(JSON.stringify(writeKey))} already belongs to run "${ownerRunId}"; each write key belongs to one run: pick another key, or leave the sources out and let the run generate one`,
    );
  }
}
