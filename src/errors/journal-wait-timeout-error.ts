import { HarnessError } from './harness-error.js';

/** journal.waitFor saw no matching entry in time. */
export class JournalWaitTimeoutError extends HarnessError {
  readonly code = 'ERR_JOURNAL_WAIT_TIMEOUT';

  constructor(timeoutMs: number, held: number) {
    super(
      `no matching journal entry arrived within ${timeoutMs} ms (the journal holds ${held} entries); check the match, or raise the timeout`,
    );
  }
}
