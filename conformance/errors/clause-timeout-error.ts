import { HarnessError } from '../../src/index.js';

/**
 * A clause did not finish within its time limit (its first run outlasted it, or the whole clause did):
 * reported as that clause's failure with this message, never as a crash of the suite.
 */
export class ClauseTimeoutError extends HarnessError {
  readonly code = 'ERR_CLAUSE_TIMEOUT';
}
