import { HarnessError } from '../../src/index.js';

/** A clause failed inside the user's own test runner; the message holds the details and the replay command. */
export class ClauseFailedError extends HarnessError {
  readonly code = 'ERR_CLAUSE_FAILED';
}
