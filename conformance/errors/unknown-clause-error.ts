import { HarnessError } from '../../src/index.js';

/** `--only`/`--skip` named a clause the suite does not have. */
export class UnknownClauseError extends HarnessError {
  readonly code = 'ERR_UNKNOWN_CLAUSE';
}
